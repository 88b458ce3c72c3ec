// What the readers of roots state do with it. A containment check (`startsWith`, `path.relative`,
// `isPathWithin…`, a `validatePath` helper) makes the roots a *sandbox*: the directories a server
// may touch. A base the tool resolves paths against, lists or runs in makes them a *workspace*.
// One containment use is enough for sandbox: a rewrite must never let a parameter widen it.
import { type Node, calleeName, enclosingFunction, enclosingStatement, functionName, isFunction, nodeText, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { getterReads, isGetter } from '../reach.ts';
import type { StateRead, StateRole } from './types.ts';

const CONTAINMENT = /\.startsWith\(|\brelative\(|isPathWithin|isWithin|isInside|isSubPath|isAllowed|isPathAllowed|\bcontains?Path/;
const SANDBOX_FUNCTION = /^(validate|check|assert|ensure|verify)(Path|Access|Allowed|Inside|Within)|^isPath(Within|Allowed)|^isAllowed|^isWithin|^isInside/i;
const BASE = /(?:^|[^.\w])(join|resolve)\(|\bpath\.(join|resolve)\(|\b(readdir|readdirSync|opendir|glob|execFile|spawn|exec)\(|\bcwd\s*:/;
const SANDBOX_NAME = /allowed|permitted|sandbox|whitelist|allowlist/i;
const WORKSPACE_NAME = /workspace|project|root|base|cwd|home/i;

export function roleOf(reads: StateRead[], stateName: string): StateRole | undefined {
  return roleByUse(reads) ?? roleByName(stateName);
}

/** The role the reads show by what they do, without the name's hint. */
export function roleByUse(reads: StateRead[]): StateRole | undefined {
  const roles = new Set(reads.map((r) => useOf(r.node, r.prov, r.text, 0)).filter((r): r is StateRole => !!r));
  if (roles.has('sandbox')) return 'sandbox';
  if (roles.has('workspace')) return 'workspace';
  return undefined;
}

function roleByName(stateName: string): StateRole | undefined {
  // Nothing but counts, listings or truthiness: the name is the only hint left.
  if (SANDBOX_NAME.test(stateName)) return 'sandbox';
  if (WORKSPACE_NAME.test(stateName)) return 'workspace';
  return undefined;
}

function useOf(read: Node, prov: Provenance, text: string, depth: number): StateRole | undefined {
  const fn = enclosingFunction(read);
  if (fn && SANDBOX_FUNCTION.test(functionName(fn) ?? '')) return 'sandbox';
  // `return workspaceRoot` from an accessor function or a class getter: the use is at the getter's callers.
  if (depth < 2 && fn && returns(read, fn)) {
    const callers: Node[] = isGetter(fn) ? getterReads(fn) : prov.callsOf(fn);
    const roles = callers.map((call) => useOf(call, prov, text, depth + 1));
    if (roles.includes('sandbox')) return 'sandbox';
    if (roles.includes('workspace')) return 'workspace';
  }
  const statement = nodeText(text, enclosingStatement(read));
  // A callback on the state (`allowed.some((d) => p.startsWith(d))`) belongs to the same use.
  if (CONTAINMENT.test(statement)) return 'sandbox';
  if (read.parent?.type === 'MemberExpression' && ['includes', 'indexOf'].includes(nodeText(text, read.parent.property))) return 'sandbox';
  const call = read.parent?.type === 'CallExpression' && read.parent.arguments[0] === read ? read.parent : undefined;
  if (call && SANDBOX_FUNCTION.test(calleeName(call) ?? '')) return 'sandbox';
  if (BASE.test(statement)) return 'workspace';
  return undefined;
}

function returns(read: Node, fn: Node): boolean {
  let current: Node = read;
  while (current.parent && current.parent !== fn) {
    const p: Node = current.parent;
    if (p.type === 'ReturnStatement') return true;
    if (isFunction(p)) return false;
    if (p.type.endsWith('Statement') || p.type === 'BlockStatement') return false;
    current = p;
  }
  return !!(isFunction(fn) && fn.body === unwrap(read));
}
