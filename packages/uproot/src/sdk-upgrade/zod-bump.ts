// Raising a package's zod range to v2's floor, once zod-v4-proof.ts has proven its zod code keeps its behaviour:
// the entry is edited in place (the user's formatting and key order stay), in every section that declares zod.
import { readFileSync, writeFileSync } from 'node:fs';

/** The range uproot writes: v2 lists schemas as JSON Schema through zod >= 4.2 (zod-floor.ts). */
export const ZOD_FLOOR_RANGE = '^4.2.0';

const ZOD_ENTRY = /("zod"\s*:\s*")([^"]*)(")/g;

/** Rewrite every `"zod": "<range>"` of a package.json to the floor; the ranges it replaced (none: nothing written). */
export function raiseZodRange(manifest: string): string[] {
  const text = readFileSync(manifest, 'utf8');
  const replaced: string[] = [];
  const next = text.replace(ZOD_ENTRY, (all, open: string, range: string, close: string) => {
    if (range === ZOD_FLOOR_RANGE) return all;
    replaced.push(range);
    return `${open}${ZOD_FLOOR_RANGE}${close}`;
  });
  if (replaced.length) writeFileSync(manifest, next);
  return replaced;
}
