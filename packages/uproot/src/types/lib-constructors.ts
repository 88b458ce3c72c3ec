// `new Map()`, `new Error(…)`: a constructor the file does not bind is the lib's own, and the checker
// would only say it is not an MCP class (a lib global cannot be redeclared with another type), so a
// probe does not count it as a question for the checker.
import type { ScopeManagerLike } from '@uproot/core';
import type { Node } from '@uproot/core/planning';

const LIB_CONSTRUCTORS = new Set([
  ...['Object', 'Function', 'Array', 'Number', 'String', 'Boolean', 'Date', 'RegExp', 'Promise', 'Proxy'],
  ...['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError'],
  ...['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView'],
  ...['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'],
  ...['URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController'],
]);

/** Whether `node` is the callee of a `new` that names a lib constructor no scope of the file declares. */
export function isLibConstructor(node: Node, scopeManager: ScopeManagerLike): boolean {
  if (node.type !== 'Identifier' || node.parent?.type !== 'NewExpression' || node.parent.callee !== node || !LIB_CONSTRUCTORS.has(node.name)) return false;
  let scope = null;
  for (let at: Node | undefined = node; at && !scope; at = at.parent) scope = scopeManager.acquire(at, true);
  for (scope ??= scopeManager.globalScope; scope; scope = scope.upper) if (scope.set.has(node.name)) return false;
  return true;
}
