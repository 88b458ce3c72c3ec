// Where an exported fill runs from in the other modules of the run, for a marker's detail: the file
// and line of each call and what runs it there (a tool handler, a timer, a hook). The author sees
// which caller keeps the per-request form from one place to replay, without searching the project.
import path from 'node:path';
import { type FunctionNode, isRequestHandler, locOf, reachesOf } from '@uproot/core/planning';
import type { ProjectIndex } from './chains.ts';
import type { OtherCallers } from './trigger-detail.ts';
import type { Unit } from './unit.ts';

/** At most this many callers are named; the rest are counted. */
const NAMED = 3;

export function otherCallers(unit: Unit, project: ProjectIndex | undefined): OtherCallers | undefined {
  if (!project) return undefined;
  return (fn: FunctionNode) => {
    const callers = project.callersOf(unit, fn);
    if (!callers?.length) return undefined;
    const described = callers.map(({ unit: at, call }) => {
      const where = `${path.relative(path.dirname(unit.path), at.path).split(path.sep).join('/')}:${locOf(call).start.line}`;
      const reach = reachesOf(call, at.prov)[0];
      if (!reach) return where;
      if (isRequestHandler(reach.handler)) return `${where} (inside ${reach.name ? `the ${reach.name} ` : 'a '}${reach.handler} handler: a first-use fill)`;
      if (reach.handler === 'background') return `${where} (a ${reach.name ?? 'background'} callback)`;
      return `${where} (${reach.name ?? reach.handler})`;
    });
    return described.length > NAMED ? [...described.slice(0, NAMED), `${described.length - NAMED} more`] : described;
  };
}
