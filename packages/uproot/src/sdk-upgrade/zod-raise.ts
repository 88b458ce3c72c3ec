// The zod step of `--with-sdk-upgrade`: where the official codemod warns that a package's zod range is below v2's
// floor, uproot proves the package's zod code keeps its behaviour on zod 4 (zod-v4-proof.ts) and then raises the
// range in the trial copy, in place of the codemod's warning; where the proof fails, the warning stays and the
// breaks it found say why the upgrade is held (zod-floor.ts). Only packages whose zod schemas reach a registration.
import path from 'node:path';
import { collectFiles } from '../files/walk.ts';
import type { SdkUpgrade } from './shapes.ts';
import type { UpgradeFinding } from './sdk-upgrade-repairs.ts';
import { ZOD_FLOOR_WARNING, zodRegistrations } from './zod-floor.ts';
import { raiseZodRange, ZOD_FLOOR_RANGE } from './zod-bump.ts';
import { type Zod4Break, proveZod4 } from './zod-v4-proof.ts';
import { applyZod3Bridge, planZod3Bridge } from './zod3-bridge.ts';

/** The start of the note on a package.json whose zod range uproot raised. */
export const ZOD_RAISED = 'uproot raised zod';
/** The start of the note on a package.json kept on zod 3 behind the bridge. */
export const ZOD_BRIDGED = 'uproot kept zod';

export interface ZodRaise {
  /** The info notes on the manifests raised (in the copy). */
  findings: UpgradeFinding[];
  /** Why zod could not be raised, per package whose range stays below the floor. */
  breaks: Zod4Break[];
  /** Why the zod 3 bridge did not apply either, per package held (zod3-bridge.ts). */
  unbridged: string[];
}

/**
 * `at(p)` is where an original path is in the copy, `original(p)` the reverse; `cwd` the user's working directory;
 * `label(p)` names a path for messages. Where zod 4 is not proven, the package stays on zod 3 behind the bridge
 * when every schema it hands to registerTool can be wrapped (zod3-bridge.ts).
 */
export async function raiseZodWhereProven(upgrades: SdkUpgrade[], original: (p: string) => string, cwd: string, at: (p: string) => string = (p) => p, label: (p: string) => string = (p) => p): Promise<ZodRaise> {
  const out: ZodRaise = { findings: [], breaks: [], unbridged: [] };
  for (const upgrade of upgrades) {
    for (const change of upgrade.result.packageJsonChanges ?? []) {
      const warning = change.warnings?.find((w) => ZOD_FLOOR_WARNING.test(w));
      if (!warning) continue;
      const dir = path.dirname(original(change.packageJsonPath));
      const files = (await collectFiles([dir], cwd)).files;
      // Only where zod reaches the SDK: v2 brings its own zod 4 for itself, and a package that keeps its zod away
      // from registrations upgrades on zod 3 as it is (zod-floor.ts holds nothing there).
      if (!zodRegistrations(files).length) continue;
      const proof = proveZod4(dir, files);
      // The floor warning is answered (bridged or raised): an info finding on the manifest takes its place.
      const answer = (message: string) => {
        change.warnings = change.warnings!.filter((w) => w !== warning);
        out.findings.push({ file: change.packageJsonPath, line: 1, text: '', level: 'info', message });
      };
      if (proof.breaks.length) {
        const bridge = planZod3Bridge(dir, files, at, label);
        if ('why' in bridge) {
          out.breaks.push(...proof.breaks);
          out.unbridged.push(bridge.why);
          continue;
        }
        applyZod3Bridge(bridge);
        answer(
          `${ZOD_BRIDGED} ${warning.match(ZOD_FLOOR_WARNING)![1]} (zod 4 would change ${proof.breaks.length} of the package's ${proof.uses} zod uses) and wrapped the ${bridge.wrapped} schema${bridge.wrapped === 1 ? '' : 's'} it hands to registerTool in zod3Schema() (${label(original(bridge.module.file))}): zod 3 still parses the arguments, and tools/list shows the JSON Schema zod-to-json-schema makes with the options the installed v1 used${bridge.declare ? ` (uproot declared ${bridge.declare.name} ${bridge.declare.range} in package.json: the module imports it, and the package had it only through the v1 SDK the upgrade removes, the same installed copy)` : ''}`,
        );
        continue;
      }
      const ranges = raiseZodRange(change.packageJsonPath);
      if (!ranges.length) continue;
      // The range now meets the floor.
      answer(`${ZOD_RAISED} ${[...new Set(ranges)].join(', ')} → ${ZOD_FLOOR_RANGE} (v2's floor): each of the package's ${proof.uses} zod uses is one zod 4 keeps (the same parse results and listed JSON Schema as on zod 3)`);
    }
  }
  return out;
}
