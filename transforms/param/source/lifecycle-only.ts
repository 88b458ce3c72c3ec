// A fetch reached only from `oninitialized`, a `notifications/initialized` handler or a roots
// list_changed handler (or timers and promises they start) never runs on a 2026-07-28 connection,
// which has no initialize and no list_changed: roots taken from configuration there would never load,
// and the server would answer as for a client without roots. Such a request keeps its marker.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, enclosingFunction, isExported, nodeText, propertyName } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';

const MAX_DEPTH = 6;

/** Every way to `node` starts in a lifecycle callback (false when one may start anywhere else). */
export function onlyFromLifecycle(node: Node, prov: Provenance, text: string, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const fn = enclosingFunction(node);
  // Module code runs when the server starts, on either era.
  if (!fn) return false;
  if (isLifecycleCallback(fn, text)) return true;
  const named = prov.functionVariable(fn);
  if (!named) return onlyFromLifecycle(fn, prov, text, depth + 1);
  if (isExported(fn)) return false;
  const refs = prov.referencesTo(fn);
  return refs.length > 0 && refs.every((ref) => onlyFromLifecycle(ref, prov, text, depth + 1));
}

function isLifecycleCallback(fn: FunctionNode, text: string): boolean {
  const p = fn.parent;
  if (p?.type === 'AssignmentExpression' && p.right === fn && p.left.type === 'MemberExpression' && propertyName(p.left) === 'oninitialized') return true;
  if (p?.type === 'CallExpression' && p.arguments.includes(fn as TSESTree.CallExpressionArgument) && calleeName(p) === 'setNotificationHandler' && p.arguments[0]) {
    return /initialized|list_?changed|ListChanged/i.test(nodeText(text, p.arguments[0]));
  }
  return false;
}
