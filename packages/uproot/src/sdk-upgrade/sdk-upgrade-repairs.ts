// What uproot adds after the official codemod's v1-to-v2 step, before planning MRTR: the dependency swap in
// the package.json that actually provides the SDK (when it is not the one nearest the target), the v1 package kept
// for self-contained modules v2 has no counterpart for, the codemod's own
// .resource() rename where only a non-literal name stopped it, and the type-only annotation of values v2's stricter
// handler result types would reject.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SdkUpgrade } from './shapes.ts';
import { swapProvider, v2PackagesUsed } from './sdk-provider.ts';
import { repairResultTypes } from './v2-result-types.ts';
import { repairToolInputSchemas } from './tool-input-schemas.ts';
import { repairToolResultCasts, resultProgram } from './tool-result-casts.ts';
import { installedVersion } from './installed.ts';
import { collectFiles } from '../files/walk.ts';
import { repairResourceCalls } from './resource-calls.ts';
import { keepV1ForUnmappedModules } from './unmapped-modules.ts';
import { repairContextDestructuring } from './context-destructuring.ts';
import { CONTEXT_READS_MOVED, repairContextReads } from './context-reads.ts';
import { dischargeContextMockAdvisories, OWN_CONTEXT } from './context-mock-advisory.ts';

/** What uproot says where it finished a `.resource()` call the codemod left. */
export const RESOURCE_RENAMED = "the codemod left this .resource() call because its name is not a string literal; the receiver is an McpServer, so uproot renamed it to registerResource(), the codemod's own rewrite (v1's resource(name, uri, metadata, read) is v2's registerResource(name, uri, config, read))";

/** What uproot says where it finished a context destructuring the codemod left. */
export const CONTEXT_REACHED = "the codemod left this handler's destructured context for a person; every field it takes has one place in v2's ServerContext (signal and requestId under mcpReq, as mcpReq.signal and mcpReq.id), so uproot destructures them from there";

/** The start of the note on a package.json that provides the SDK to folders whose own does not declare it. */
export const PROVIDES = 'provides @modelcontextprotocol/sdk to';

export interface UpgradeFinding {
  /** Absolute, where the upgraded text is (a temporary copy in a trial). */
  file: string;
  /** In `text`, the file as the repair left it: uproot's rewrite may move it. */
  line: number;
  text: string;
  level: 'info' | 'warning';
  message: string;
}

/** The folder of the tsconfig.json nearest `dir` (itself, or up to the package.json), else `dir`. */
function tsconfigDir(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'tsconfig.json'))) return current;
    if (existsSync(path.join(current, 'package.json')) || path.dirname(current) === current) return dir;
  }
}

/**
 * Run the repairs on the upgraded tree. `providers` maps each target (original path) to the manifest that
 * provides it the SDK; `at(p)` is where an original path's upgraded text is; `label(p)` names a path for messages.
 */
export async function repairUpgrade(upgrades: SdkUpgrade[], providers: Map<string, string>, at: (p: string) => string, label: (p: string) => string): Promise<UpgradeFinding[]> {
  const findings: UpgradeFinding[] = [];
  const byProvider = new Map<string, string[]>();
  for (const [target, manifest] of providers) byProvider.set(manifest, [...(byProvider.get(manifest) ?? []), target]);
  for (const [manifest, targets] of byProvider) {
    const used = await v2PackagesUsed(targets.map(at));
    if (!used.length) continue;
    const added = swapProvider(at(manifest), used);
    findings.push({
      file: at(manifest),
      line: 1,
      text: '',
      level: 'info',
      message: `${PROVIDES} ${targets.map(label).join(', ')}, whose own package.json does not declare it: uproot removed it here${added.length ? ` and added ${added.join(', ')}` : ''}, as the codemod does in the package.json it writes`,
    });
  }
  findings.push(...(await keepV1ForUnmappedModules(upgrades, at)));
  const changed = [...new Set(upgrades.flatMap((u) => u.result.fileResults.filter((f) => f.changes > 0).map((f) => path.resolve(f.filePath))))];
  for (const file of changed) {
    const resources = repairResourceCalls(readFileSync(file, 'utf8'), file);
    if (resources) {
      writeFileSync(file, resources.text);
      for (const line of resources.lines) findings.push({ file, line, text: resources.text, level: 'info', message: RESOURCE_RENAMED });
    }
    const contexts = repairContextDestructuring(readFileSync(file, 'utf8'), file);
    if (contexts) {
      writeFileSync(file, contexts.text);
      for (const line of contexts.lines) findings.push({ file, line, text: contexts.text, level: 'info', message: CONTEXT_REACHED });
    }
    const reads = repairContextReads(readFileSync(file, 'utf8'), file);
    if (reads) {
      writeFileSync(file, reads.text);
      for (const line of reads.lines) findings.push({ file, line, text: reads.text, level: 'info', message: CONTEXT_READS_MOVED });
    }
  }
  // The codemod's markers can sit in files it changed nothing else in.
  const marked = new Set(upgrades.flatMap((u) => u.result.diagnostics.filter((d) => d.insertComment).map((d) => path.resolve(d.file))));
  for (const file of new Set([...changed, ...marked])) {
    const mocks = dischargeContextMockAdvisories(readFileSync(file, 'utf8'), file);
    if (mocks) {
      writeFileSync(file, mocks.text);
      for (const line of mocks.lines) findings.push({ file, line, text: mocks.text, level: 'info', message: OWN_CONTEXT });
    }
  }
  const repair = repairResultTypes(changed);
  for (const [file, text] of repair.texts) writeFileSync(file, text);
  findings.push(...repair.findings.map((f) => ({ ...f, text: repair.texts.get(f.file) ?? readFileSync(f.file, 'utf8') })));
  // The package's own types of what its v2 handlers return, in files the codemod did not need to touch too.
  for (const upgrade of upgrades) {
    const files = (await collectFiles([at(upgrade.dir)], at(upgrade.dir))).files;
    const zodMajor = Number(installedVersion(at(upgrade.dir), 'zod')?.split('.')[0]) || undefined;
    const schemas = repairToolInputSchemas(files, zodMajor);
    for (const [file, text] of schemas.texts) writeFileSync(file, text);
    findings.push(...schemas.findings.map((f) => ({ ...f, text: schemas.texts.get(f.file) ?? readFileSync(f.file, 'utf8') })));
    // The checker is only worth starting where a tools/call handler casts what it returns.
    if (!files.some((f) => /\.[cm]?tsx?$/.test(f) && /['"]tools\/call['"][\s\S]*\bas\s/.test(readFileSync(f, 'utf8')))) continue;
    const casts = repairToolResultCasts(resultProgram(tsconfigDir(at(upgrade.dir)), files), files);
    for (const [file, text] of casts.texts) writeFileSync(file, text);
    findings.push(...casts.findings.map((f) => ({ ...f, text: casts.texts.get(f.file) ?? readFileSync(f.file, 'utf8') })));
  }
  return findings;
}
