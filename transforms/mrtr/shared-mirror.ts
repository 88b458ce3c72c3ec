// A mirror the fill copies the roots into, kept behind a setter in a module many files import
// (`setAllowedDirectories()` in lib/validation.ts, read through `validatePath` by every tool module):
// the importers check (state.ts) refuses it, since another module's handlers would read roots no
// handler of this file asked for. Following every read of the mirror's variable back to this file's
// handlers (module-reads.ts, through dispatch maps: dispatch-map.ts), or to handlers other modules register
// (`registered`, handlers-elsewhere.ts), answers that check in full: each reading handler is then one this plan
// makes ask for roots. What is left is who else writes it: the
// helper and hooks here, and start-up code of another module that runs before these handlers exist.
import path from 'node:path';
import { type FunctionNode, type Node, contains, enclosingFunction } from '@uproot/core/planning';
import type { RootsSite, RootsState } from '@uproot/core/planning';
import type { HandlerChain, ProjectIndex } from './chains.ts';
import { moduleReaders, onlyWrittenHere } from './module-reads.ts';
import type { ElsewhereHandler } from './handlers-elsewhere.ts';
import type { ConsumerCheck } from './state.ts';
import { atStartup } from './startup.ts';
import { isTestFileOf } from './test-files.ts';
import { type Unit, Unprovable } from './unit.ts';

type Reason = NonNullable<RootsSite['reason']>;

export function sharedMirror(
  unit: Unit,
  mirror: RootsState,
  checks: ConsumerCheck,
  project: ProjectIndex | undefined,
  site: RootsSite,
  reason: Reason,
  skip: (call: Node) => boolean,
  fallback: (write: Node, file: string) => boolean,
  callbacks: Map<FunctionNode, HandlerChain>,
  hooks: readonly Node[],
  registered?: ElsewhereHandler[],
): void {
  try {
    checks(mirror);
    return;
  } catch (error) {
    // Only a module of the run has all its importers in the run: one outside it may be read by files never seen.
    if (!(error instanceof Unprovable) || mirror.kind !== 'setter' || !project?.inRun?.(mirror.module.file)) throw error;
    // Throws, with the read it could not follow, where one way in is not a handler of this file.
    const before = registered?.length ?? 0;
    const readers = moduleReaders(unit, mirror, project, site, reason, skip, registered);
    if (readers.size === 0 && (registered?.length ?? 0) === before) throw error;
    for (const [callback, chain] of readers) if (!callbacks.has(callback)) callbacks.set(callback, chain);
    // A test sets the state itself before driving the handlers: it serves no client (testsToUpdate lists it).
    const elsewhere = (call: Node, at: Unit) => isTestFileOf(at.path, path.dirname(mirror.module.file)) || startupElsewhere(call, at, unit, [...hooks, ...callbacks.keys()], project!);
    onlyWrittenHere(unit, mirror, project, reason, skip, fallback, elsewhere);
  }
}

/**
 * `call` (in module `at`) sits at `at`'s top level, ahead of every call there of the function of this file
 * that installs the hooks and the handlers (`installHandlers(server, dirs)` in `runServer()`), which
 * nothing else calls: it sets the start-up value before any hook or handler exists, as in the original.
 */
export function startupElsewhere(call: Node, at: Unit, unit: Unit, installed: readonly Node[], project: ProjectIndex): boolean {
  if (enclosingFunction(call) || installed.length === 0) return false;
  let installer = enclosingFunction(installed[0]!);
  while (installer && enclosingFunction(installer)) installer = enclosingFunction(installer);
  if (!installer || !installed.every((n) => contains(installer!, n)) || unit.prov.referencesTo(installer).length > 0) return false;
  const callers = project.callersOf(unit, installer);
  if (!callers || callers.length === 0 || callers.some((c) => c.unit.path !== at.path)) return false;
  return atStartup(call, callers.map((c) => c.call), at.prov);
}
