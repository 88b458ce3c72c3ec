// The statements a roots hook may hold beside its fetch, for both strategies' hook checks: reading the
// client's capabilities (the gate) and logging. Anything else in a hook keeps the marker.
import { type Node, calleeName, unwrap } from '@uproot/core/planning';

/** `server.getClientCapabilities()` (any receiver): the read a roots gate starts from. */
export function isCapabilitiesRead(e: Node): boolean {
  const x = unwrap(e);
  return x.type === 'CallExpression' && calleeName(x) === 'getClientCapabilities';
}

/** `console.x(…)`: logging a hook may do without changing what it stores. */
export function isConsoleCall(e: Node): boolean {
  const x = unwrap(e);
  return x.type === 'CallExpression' && x.callee.type === 'MemberExpression' && x.callee.object.type === 'Identifier' && x.callee.object.name === 'console';
}
