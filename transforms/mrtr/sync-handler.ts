// A handler that is not async (`(args, extra) => withErrors(() => run(args))`, `function (args) { return … }`, a
// `const handler = (): Promise<R> => …` registered by name) becomes async so the per-request form can await the
// roots before its own code. The v2 SDK calls every tools/call, prompts/get and resources/read handler from an
// async function and awaits what it gives back (`createToolExecutor`: `async (args, ctx) => handler(args, ctx)`),
// so a value, a promise and a synchronous throw reach the client as the resolved value, the same promise and a
// rejection do: only the handler's other callers could tell. It becomes async only when the registration that
// receives it directly is its one use.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, insert, locOf } from '@uproot/core/planning';
import type { HandlerChain } from './chains.ts';

/** Why `chain`'s callback, not async, cannot be made async; undefined when it can. */
export function syncHandlerBlocker(chain: HandlerChain): string | undefined {
  const fn = chain.callback;
  const prov = chain.unit.prov;
  if (fn.async) return undefined;
  if (fn.generator) return 'is a generator';
  const registration = prov.handlerOf(fn)?.call;
  // Handed to a wrapper first (`registerTool(name, config, withErrors(fn))`): the wrapper may use what it returns.
  const direct = (use: Node) => !!registration && use.parent === registration && registration.arguments.includes(use as TSESTree.Expression);
  if (fn.parent?.type === 'CallExpression') return direct(fn) ? undefined : `is not async and is handed to a call at line ${locOf(fn.parent).start.line} that may use what it returns`;
  const uses: Node[] = [...prov.referencesTo(fn), ...prov.memberReferencesTo(fn)];
  if (uses.length === 0 || !privateNamed(fn)) return 'is not async and is not a function of this module handed straight to its registration';
  for (const use of uses) if (!direct(use)) return `is not async and is also used at line ${locOf(use).start.line}, where it may be called for what it returns`;
  return undefined;
}

/** `async ` before the arrow's parameters or the `function` keyword. */
export function asyncEdit(fn: FunctionNode): TextEdit {
  return insert(fn.range[0], 'async ');
}

/**
 * A function of this module only it can call: a declaration or a `const` arrow, not exported (an importer could
 * call it for its value). A method is not one: the object or instance holding it can be reached in ways uproot
 * does not follow (`tools[name](args)`).
 */
function privateNamed(fn: FunctionNode): boolean {
  const p = fn.parent;
  if (fn.type === 'FunctionDeclaration') return !exported(fn);
  if (p?.type !== 'VariableDeclarator' || p.init !== fn || p.parent?.type !== 'VariableDeclaration' || p.parent.kind !== 'const') return false;
  return !exported(p.parent);
}

function exported(declaration: Node): boolean {
  const p = declaration.parent;
  return p?.type === 'ExportNamedDeclaration' || p?.type === 'ExportDefaultDeclaration';
}
