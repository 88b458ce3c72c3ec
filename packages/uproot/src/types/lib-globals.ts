// `new Map()`, `String(x)`, `setTimeout(…)`, `JSON.parse(…)`: a lib global the file does not bind is the lib's
// own, and the checker would only say it is not an MCP value (a lib global cannot be redeclared with another
// type, and no MCP class is named like one), so neither a probe nor a hint asks the checker about it.
import type { ScopeManagerLike } from '@uproot/core';
import type { Node } from '@uproot/core/planning';
import { variableAt } from './scope-lookup.ts';

const LIB_GLOBALS = new Set([
  ...['Object', 'Function', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise', 'Proxy', 'Reflect', 'JSON', 'Math', 'Intl', 'Atomics'],
  ...['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError'],
  ...['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView'],
  ...['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'],
  ...['URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal'],
  ...['parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI'],
  ...['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'queueMicrotask', 'structuredClone'],
]);

/** Whether `node` is an identifier naming a lib global that no scope of the file declares. */
export function isLibGlobal(node: Node, scopeManager: ScopeManagerLike): boolean {
  if (node.type !== 'Identifier' || !LIB_GLOBALS.has(node.name)) return false;
  // A property key or member name spelled like a global is not the global.
  const parent = node.parent;
  if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return false;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && parent.key === node && !parent.computed) return false;
  return variableAt(node, node.name, scopeManager) === undefined;
}
