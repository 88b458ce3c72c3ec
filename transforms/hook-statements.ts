// The statements a roots hook may hold beside its fetch, for both strategies' hook checks: reading the
// client's capabilities (the gate) and logging. Anything else in a hook keeps the marker.
import { type Node, calleeName, propertyName, unwrap } from '@uproot/core/planning';

/** `server.getClientCapabilities()` (any receiver): the read a roots gate starts from. */
export function isCapabilitiesRead(e: Node): boolean {
  const x = unwrap(e);
  return x.type === 'CallExpression' && calleeName(x) === 'getClientCapabilities';
}

/** `console.x(…)` or a logger's `logger.info(…)`: logging a hook may do without changing what it stores. */
export function isConsoleCall(e: Node): boolean {
  const x = unwrap(e);
  // `log('info', …)`, `logger("warning", …)`: a logging function by name, told its level first.
  if (x.type === 'CallExpression' && x.callee.type === 'Identifier' && /^log$|logger$/i.test(x.callee.name)) {
    const level = x.arguments[0];
    return level?.type === 'Literal' && typeof level.value === 'string' && LOG_LEVELS.has(level.value);
  }
  if (x.type !== 'CallExpression' || x.callee.type !== 'MemberExpression' || x.callee.object.type !== 'Identifier') return false;
  const receiver = x.callee.object.name;
  if (receiver === 'console') return true;
  // `logger.warn`, `log.info`, `serverLogger.error`: a logger by name, called at a level.
  return /^log$|logger$/i.test(receiver) && LOG_LEVELS.has(propertyName(x.callee) ?? '');
}

const LOG_LEVELS = new Set(['trace', 'debug', 'info', 'log', 'notice', 'warn', 'warning', 'error', 'fatal', 'verbose']);
