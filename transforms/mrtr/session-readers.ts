// An exported per-session map may be read by another module outside any request: then a per-request fill,
// which writes it only when a handler asks, would leave that reader with what it never saw before.
import { readFileSync } from 'node:fs';
import type { RootsState } from '@uproot/core/planning';
import type { ProjectIndex } from './chains.ts';
import type { Unit } from './unit.ts';

type MapState = Extract<RootsState, { variable: unknown }>;

/** An exported map read by another file of the run would no longer be filled for it between its own requests. */
export function exportedUnread(state: MapState, unit: Unit, project: ProjectIndex | undefined, fail: (why: string) => never): void {
  const declaration = state.variable.defs[0]?.node.parent;
  if (declaration?.parent?.type !== 'ExportNamedDeclaration') return;
  const importers = project?.importersOf?.(unit.path, unit.path);
  if (!importers) fail(`${state.name} is exported; run uproot migrate on the whole project so every file reading it is seen`);
  const readers = importers!.filter((file) => project?.inRun?.(file) === false || importsName(readText(file), state.name));
  if (readers.length) fail(`${state.name} is exported and ${readers.map((f) => f.split('/').pop()).join(', ')} import${readers.length === 1 ? "s" : ""} it, so it may read the map outside a request`);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether a file's imports (or a namespace import's members) can reach `name`; a file that cannot be read may. */
function importsName(text: string | undefined, name: string): boolean {
  if (text === undefined) return true;
  for (const m of text.matchAll(/\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\b/g)) {
    if (m[1]!.split(',').some((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim() === name)) return true;
  }
  for (const m of text.matchAll(/\bimport\s+\*\s+as\s+([A-Za-z_$][\w$]*)/g)) if (new RegExp(`\\b${m[1]}\\s*\\.\\s*${name}\\b`).test(text)) return true;
  // `require()` and `import()` hand over the whole module: any mention may be a read.
  return /\brequire\s*\(|\bimport\s*\(/.test(text) && new RegExp(`\\b${name}\\b`).test(text);
}
