// v2 takes tool and prompt schemas as Standard Schema objects and lists them as JSON Schema through zod >= 4.2.
// Checked on the real SDK (@modelcontextprotocol/server 2.4.0 with zod 3.25.76): a zod 3 raw shape makes
// registerTool throw when the server starts ("Raw-shape inputSchema … must be Zod v4 schemas"), and a zod 3
// z.object() registers but tools/list fails ("Schema appears to be from zod 3"). The official codemod warns about
// the project's zod range on package.json and upgrades anyway; where that range is below the floor and the code
// hands schemas to registerTool/tool/registerPrompt/prompt, the upgrade would leave a server that no longer starts
// or lists its tools, whatever its type-check says (JavaScript has none): the upgrade is held.
import { readFileSync } from 'node:fs';
import type { SdkUpgradeReport } from '../report/shapes.ts';
import { mcpRegistrationLine, otherRegistrationsByPackage } from './registration-receivers.ts';
import { describeZod4Breaks, type Zod4Break } from './zod-v4-proof.ts';

export const ZOD_FLOOR_WARNING = /^zod range '([^']*)' cannot satisfy v2's floor/;
const IMPORTS_ZOD = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)['"]zod(?:\/v[34](?:\/[\w-]+)?|\/mini)?['"]/;
const REGISTERS_SCHEMAS = /\.\s*(?:registerTool|registerPrompt|tool|prompt)\s*\(/;

export interface ZodFloorHold {
  /** The zod range the project declares. */
  range: string;
  /** Where schemas are handed over: one per file, `file:line`. */
  at: Array<{ file: string; line: number }>;
}

/** The hold, or undefined when the codemod found the zod range fine or no file hands zod schemas to a registration. */
export function zodFloorHold(report: SdkUpgradeReport, files: string[], read?: (file: string) => string): ZodFloorHold | undefined {
  const warning = report.diagnostics.map((d) => ZOD_FLOOR_WARNING.exec(d.message)).find((m) => m);
  if (!warning) return undefined;
  const at = zodRegistrations(files, read);
  return at.length ? { range: warning[1]!, at } : undefined;
}

/**
 * Where a package that imports zod registers tools or prompts (one per file), or none when it does not import zod.
 * Files read from disk (no `read` given) are asked of the checker, which leaves out calls of another API that share
 * the names (registration-receivers.ts); texts handed in are matched as text, every call counting.
 */
export function zodRegistrations(files: string[], read?: (file: string) => string): ZodFloorHold['at'] {
  // v1's McpServer takes tool and prompt schemas only as zod, so a registration in a package that uses zod hands it
  // zod schemas, wherever they are built (tools.ts beside a server.ts that registers them, as in repocontext).
  const texts = files.filter((f) => /\.[cm]?[jt]sx?$/.test(f)).map((file) => ({ file, text: (read ?? ((f: string) => readFileSync(f, 'utf8')))(file) }));
  if (!texts.some((t) => IMPORTS_ZOD.test(t.text))) return [];
  const candidates = texts.filter((t) => REGISTERS_SCHEMAS.test(t.text));
  if (!candidates.length) return [];
  const typed = read ? undefined : otherRegistrationsByPackage(files);
  const at: ZodFloorHold['at'] = [];
  for (const { file, text } of candidates) {
    const line = mcpRegistrationLine(file, text, typed);
    if (line) at.push({ file, line });
  }
  return at;
}

/** Why the zod 3 bridge (zod3-bridge.ts) did not keep the package on zod 3 either, as a clause to append. */
export function describeUnbridged(reasons: string[]): string {
  return reasons.length ? `, nor keep zod 3 behind zod3Schema() because ${[...new Set(reasons)].join('; ')}` : '';
}

/**
 * Why the upgrade is held (`label` makes a path relative for the user); `breaks` are the uses zod-v4-proof.ts found
 * zod 4 changes, which kept uproot from raising the range itself.
 */
export function describeZodFloor(hold: ZodFloorHold, label: (file: string) => string, breaks: Zod4Break[] = [], unbridged: string[] = []): string {
  const shown = hold.at.slice(0, 3).map((a) => `${label(a.file)}:${a.line}`).join(', ') + (hold.at.length > 3 ? ` and ${hold.at.length - 3} more` : '');
  const fix = breaks.length
    ? `uproot did not raise zod to ^4.2 because zod 4 changes what the code does at ${describeZod4Breaks(breaks, label)}${describeUnbridged(unbridged)}; change those, then upgrade`
    : 'raise zod to ^4.2 and move the schemas to it, then upgrade';
  return `the project's zod range '${hold.range}' is below v2's floor (zod >= 4.2.0) and ${shown} hand${hold.at.length === 1 ? 's' : ''} zod schemas to a tool or prompt registration: on v2 a zod 3 raw shape makes registerTool throw when the server starts, and a zod 3 object fails tools/list (${fix})`;
}
