// A push round with successive rounds carries the answers of earlier rounds in `requestState`: signed with the SDK's
// `createRequestStateCodec` and verified by the server's own `requestState.verify` before the handler runs, so a
// tampered or expired state is refused (-32602) instead of read. uproot writes that only where it can see the
// server the handler is registered on being constructed — `new McpServer(info)` / `new Server(info, options)` with
// options it can extend — and otherwise leaves the handler whole.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, type TextEdit, cjsRequires, insert, staticString, unwrap } from '@uproot/core/planning';
import type { HandlerChain } from './chains.ts';
import type { Unit } from './unit.ts';

export const CODEC_NAME = 'requestStateCodec';
/** The environment variable every process serving the same clients must share (at least 32 bytes). */
export const STATE_KEY_ENV = 'MCP_REQUEST_STATE_KEY';

/** Where the handler's server is constructed, and the edit that wires the codec's verify into it. */
export interface StateWiring {
  construction: TSESTree.NewExpression;
  unit: Unit;
}

/** The server construction to wire, or why it cannot be (a sentence for the marker). */
export function stateWiring(chain: HandlerChain): StateWiring | string {
  const registration = chain.reach.registration;
  const callee = registration && unwrap(registration.callee);
  if (callee?.type !== 'MemberExpression') return 'the handler is not registered on a server variable';
  const receiver = unwrap(callee.object);
  if (receiver.type !== 'Identifier') return 'the handler is registered on a server uproot cannot trace to where it is constructed';
  const def = chain.unit.prov.variableOf(receiver)?.defs[0]?.node as Node | undefined;
  const init = def?.type === 'VariableDeclarator' && def.init ? unwrap(def.init) : undefined;
  if (init?.type !== 'NewExpression' || !['mcp-server', 'server'].includes(chain.unit.prov.valueOf(init)?.kind ?? '')) {
    return 'the server the handler is registered on is not constructed where uproot can see it';
  }
  const options = init.arguments[1];
  if (init.arguments.length > 2 || (options && unwrap(options).type !== 'ObjectExpression')) return "the server's options are not an object literal uproot can extend";
  const object = options && (unwrap(options) as TSESTree.ObjectExpression);
  if (object?.properties.some((p) => p.type !== 'Property' || (!p.computed && (p.key.type === 'Identifier' ? p.key.name : staticString(p.key)) === 'requestState'))) {
    return 'the server already configures requestState (or spreads options that may)';
  }
  // The codec is declared after the file's imports: a server constructed above them could not read it yet.
  const imports = chain.unit.ast.body.filter((st) => st.type === 'ImportDeclaration');
  const lastImport = imports[imports.length - 1] ?? cjsRequires(chain.unit.ast).at(-1);
  if (lastImport && init.range[0] < lastImport.range[1]) return 'the server is constructed before the file\'s last import, where the codec cannot be declared yet';
  return { construction: init, unit: chain.unit };
}

/** `, { requestState: { verify: requestStateCodec.verify } }` after the server info, or the property in its options. */
export function wiringEdit(wiring: StateWiring): TextEdit {
  const { construction } = wiring;
  const property = `requestState: { verify: ${CODEC_NAME}.verify }`;
  const options = construction.arguments[1] && (unwrap(construction.arguments[1]) as TSESTree.ObjectExpression);
  if (options) return insert(options.range[0] + 1, options.properties.length ? ` ${property},` : ` ${property} `);
  const info = construction.arguments[0];
  if (!info) return insert(construction.range[1] - 1, `{ name: 'server', version: '1.0.0' }, { ${property} }`);
  return insert(info.range[1], `, { ${property} }`);
}

/** The module-level codec, declared before any server that verifies with it. */
export function codecDeclaration(typescript: boolean, eol: string): string {
  return [
    `// Signs the answers a handler carries from one round of input requests to the next; the server verifies them`,
    `// before the handler runs. Every process serving the same clients needs the same ${STATE_KEY_ENV} (32+ bytes).`,
    `const ${CODEC_NAME} = createRequestStateCodec${typescript ? '<Record<string, unknown>>' : ''}({ key: process.env.${STATE_KEY_ENV} ?? randomBytes(32) });`,
  ].join(eol);
}
