// A workspace kept in state becomes the workspace of each call: the variable (or field) turns into
// an AsyncLocalStorage, each consuming tool gains an optional directory parameter and runs its body
// inside `store.run(value, …)`, and every read becomes `store.getStore()`, so helpers in between keep
// working unchanged and concurrent calls never see each other's directory.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, enclosingFunction, indentAt, insert, lineStart, propertyName, unwrap } from '@uproot/core/planning';
import { readsOf, reachesOf, walkAll } from '@uproot/core/planning';
import type { RootsState, StateAnalysis } from '@uproot/core/planning';
import { NODE_MODULES } from '../bindings.ts';
import { describeParam } from '../describe.ts';
import { freshName } from '../names.ts';
import { mcpServerRegistration } from '../registration.ts';
import { Unprovable } from '../unprovable.ts';
import type { Configuration } from './configuration.ts';
import { derivationOf } from './derive.ts';
import type { StateInput } from './types.ts';
import { remedyEdits } from './refusal.ts';

interface WorkspaceInput {
  state: RootsState;
  analysis: StateAnalysis;
  write: { node: Node; value: Node };
  requests: ReadonlySet<Node>;
  hook: FunctionNode;
  config: Configuration | undefined;
  prefix: string;
  input: StateInput;
  /** Statements removed inside the consuming tools (a fill on first use): their lines are not re-indented. */
  skip?: TextEdit[];
}

export function planWorkspace(w: WorkspaceInput): { edits: TextEdit[]; removed: Array<[number, number]>; keep: Set<string>; env: string | null; param: string; tools: string[] } {
  const { state, input } = w;
  const { f, bindings, typescript } = input;
  const fail = (why: string): never => {
    throw new Unprovable('lifecycle', why);
  };
  // A lazily filled variable whose filling function goes with the hook is a plain module variable here.
  const kind = state.kind === 'lazy-getter' && w.skip?.length ? 'module-variable' : state.kind;
  if (kind !== 'module-variable' && kind !== 'class-field') fail(`the workspace is kept in ${state.kind === 'setter' ? 'another module' : state.kind === 'session-map' ? 'a per-session map' : 'a lazily filled cache'}, which uproot does not rewrite per call yet`);
  const declared = declarationOf(kind === 'module-variable' && state.kind === 'lazy-getter' ? { ...state, kind } : state, f.text, typescript);
  const edits: TextEdit[] = [];
  const removed: Array<[number, number]> = [];
  const keep = new Set<string>();
  const hookRange = w.hook.range;
  const reads = readsOf(state, f.prov, f.text).filter((r) => !(r.node.range[0] >= hookRange[0] && r.node.range[1] <= hookRange[1]));
  const callbacks = new Map<FunctionNode, { registration: TSESTree.CallExpression; sdk: 1 | 2; name?: string }>();
  for (const read of reads) {
    for (const reach of reachesOf(read.node, f.prov)) {
      if (reach.handler !== 'tool' || !reach.callback || !reach.registration || !reach.receiver) fail(`${state.name} is also read ${reach.handler === 'prompt' ? 'by a prompt' : `outside a tool handler (${reach.name ?? reach.handler})`}`);
      if (input.taken.has(reach.callback!)) fail('a tool that reads the workspace also requests roots itself');
      callbacks.set(reach.callback!, { registration: reach.registration!, sdk: reach.receiver!.sdk as 1 | 2, name: reach.name });
    }
  }
  if (callbacks.size === 0) fail(`no tool reads ${state.name}`);
  const inside = (n: Node, fn: FunctionNode) => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
  for (const site of input.sites) {
    if (site.side === 'server' && (site.kind === 'request' || site.kind === 'input-request') && !w.requests.has(site.node) && [...callbacks.keys()].some((fn) => inside(site.node, fn))) fail('a tool that reads the workspace also asks for roots itself');
  }
  for (const read of reads) {
    const fn = enclosingFunction(read.node);
    if (fn && callbacks.has(fn) && fn.body.type !== 'BlockStatement') fail('a tool with a concise body reads the workspace');
  }
  const als = bindings.use(NODE_MODULES.asyncHooks, 'AsyncLocalStorage');
  const names = input.names().workspace;
  const env = w.config ? null : `${w.prefix}_WORKSPACE`;
  const storeName = state.kind === 'class-field' ? freshName([state.cls], `${state.field}Store`) : bindings.declare(`${state.name}Store`);
  const store = state.kind === 'class-field' ? `this.${storeName}` : storeName;
  // The store replaces the variable; each function that read it takes one snapshot of this call's value.
  edits.push({ start: declared.node.range[0], end: declared.node.range[1], text: declared.replace(storeName, `new ${als}${typescript ? `<${declared.type}>` : ''}()`) });
  removed.push(declared.node.range);
  const getStore = typescript && !declared.undefinable ? `${store}.getStore() as ${declared.type}` : `${store}.getStore()`;
  const snapshots = new Map<FunctionNode, string>();
  const byFunction = new Map<FunctionNode, Node[]>();
  for (const read of reads) {
    const fn = enclosingFunction(read.node);
    if (!fn) fail(`${state.name} is read at module level`);
    byFunction.set(fn!, [...(byFunction.get(fn!) ?? []), read.node]);
  }
  for (const [fn, nodes] of byFunction) {
    const local = state.kind === 'class-field' ? freshName([fn], state.field) : state.name;
    if (fn.body.type !== 'BlockStatement') {
      for (const n of nodes) edits.push({ start: n.range[0], end: n.range[1], text: typescript && !declared.undefinable ? `(${getStore})` : getStore });
      continue;
    }
    if (state.kind === 'class-field') for (const n of nodes) edits.push({ start: n.range[0], end: n.range[1], text: local });
    const line = `const ${local} = ${getStore};`;
    if (callbacks.has(fn)) snapshots.set(fn, line);
    else {
      const first = fn.body.body[0];
      const indent = first ? indentAt(f.text, first.range[0]) : indentAt(f.text, fn.range[0]) + f.unit;
      edits.push(insert(fn.body.range[0] + 1, `${f.eol}${indent}${line}`));
    }
  }
  const param = freshName([...callbacks.keys()], input.paramName);
  const tools: string[] = [];
  for (const [callback, { registration, sdk, name }] of callbacks) {
    if (typescript && callback.returnType) fail('a consuming tool declares its return type');
    if (callback.generator) fail('a consuming tool is a generator');
    const derivation = derivationOf(w.write.value, w.requests, w.hook, callback, f.prov, f.text);
    for (const n of derivation.names) keep.add(n);
    const added = mcpServerRegistration(registration, callback, { text: f.text, eol: f.eol, unit: f.unit, sdk, zod: () => bindings.zod() }).add({ name: param, optional: true, description: describeParam('tool', true) });
    edits.push(...added.edits);
    const value = freshName([callback], 'directoryRoots', new Set([names.fn, names.directory, storeName]));
    const call = `await ${names.fn}(${added.read}, '${param}'${env ? `, '${env}'` : ''})`;
    const head = [
      `// uproot: the workspace came from the client's roots; "${param}"${env ? `, else ${env},` : ''} gives it now (else the old no-roots path).`,
      `const ${value} = ${call};`,
      `if (typeof ${value} === 'string') return { content: [{ type: 'text', text: ${value} }], isError: true };`,
      `return ${store}.run(${value} === undefined ? ${declared.initial} : ${derivation.text(value)}, ${callback.async ? 'async ' : ''}() => `,
    ];
    if (!callback.async) edits.push(insert(callback.range[0], 'async '));
    edits.push(...wrapBody(callback, head, snapshots.get(callback), f.text, f.eol, f.unit, w.skip ?? []));
    tools.push(name ?? 'a tool');
  }
  const remedy = env ? `Pass "${param}" (an absolute path) or set ${env}.` : `Pass "${param}" (an absolute path)${w.config?.env ? ` or set ${w.config.env}` : ''}.`;
  edits.push(...remedyEdits(reads.map((r) => r.node), remedy, f.text));
  return { edits, removed, keep, env: env ?? w.config?.env ?? null, param, tools };
}

interface Declared {
  node: Node;
  type: string;
  undefinable: boolean;
  initial: string;
  replace: (name: string, init: string) => string;
}

function declarationOf(state: RootsState, text: string, typescript: boolean): Declared {
  const fail = (why: string): never => {
    throw new Unprovable('lifecycle', why);
  };
  let init: Node | null | undefined;
  let replace: (name: string, init: string) => string;
  let optional = false;
  if (state.kind === 'class-field') {
    let field: TSESTree.PropertyDefinition | undefined;
    walkAll(state.cls, (n) => {
      if (n.type === 'PropertyDefinition' && !n.static && propertyName(n) === state.field) field = n;
    });
    if (!field) return fail(`${state.name} is not declared as a class field`);
    init = field.value;
    optional = !!field.optional;
    const annotation = field.typeAnnotation ? text.slice(field.typeAnnotation.typeAnnotation.range[0], field.typeAnnotation.typeAnnotation.range[1]) : undefined;
    const modifiers = text.slice(field.range[0], field.key.range[0]).replace(/\breadonly\s+/, '');
    // `readonly` is TypeScript only: a JavaScript class field stays plain.
    replace = (name, value) => `${modifiers}${typescript ? 'readonly ' : ''}${name} = ${value};`;
    return finish(annotation, field);
  }
  if (state.kind !== 'module-variable') return fail('not a variable or field');
  const def = state.variable.defs[0];
  const declarator = def?.node;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.declarations.length !== 1) {
    return fail(`${state.name} is not declared on its own`);
  }
  const declaration = declarator.parent;
  init = declarator.init;
  const annotationNode = declarator.id.typeAnnotation?.typeAnnotation;
  const annotation = annotationNode ? text.slice(annotationNode.range[0], annotationNode.range[1]) : undefined;
  const exported = declaration.parent?.type === 'ExportNamedDeclaration';
  if (exported) return fail(`${state.name} is exported`);
  replace = (name, value) => `const ${name} = ${value};`;
  return finish(annotation, declaration);

  function finish(annotation: string | undefined, at: Node): Declared {
    if (typescript && !annotation) return fail(`${state.name} has no type annotation, which the per-call store needs`);
    if (init && !pureOrConfigured(init, text)) return fail(`${state.name} starts from a value that is not a plain literal or configuration`);
    const type = annotation ? (optional ? `${annotation} | undefined` : annotation) : '';
    const undefinable = !init || /\bundefined\b/.test(type);
    return { node: at, type: type.includes('=>') ? `(${type})` : type, undefinable, initial: init ? text.slice(init.range[0], init.range[1]) : 'undefined', replace };
  }
}

function pureOrConfigured(node: Node, text: string): boolean {
  const n = unwrap(node);
  if (n.type === 'Literal' || (n.type === 'Identifier' && n.name === 'undefined')) return true;
  if (n.type === 'ArrayExpression') return n.elements.length === 0;
  if (n.type === 'ObjectExpression') return n.properties.length === 0;
  return /^process\.(env|cwd|argv)\b[\w.$[\]'"()\s?:|&-]*$/.test(text.slice(n.range[0], n.range[1]));
}

/** Put the handler's body inside `head…` and its closing `});`, indented one level deeper (template literals untouched). */
function wrapBody(fn: FunctionNode, head: string[], snapshot: string | undefined, text: string, eol: string, unit: string, skip: readonly TextEdit[]): TextEdit[] {
  const body = fn.body;
  if (body.type !== 'BlockStatement') {
    const indent = indentAt(text, fn.range[0]);
    const arrow = text.lastIndexOf('=>', body.range[0]) + 2;
    // `=> ({ … })`: the parentheses belong to the expression and move with it.
    let start = body.range[0];
    let end = body.range[1];
    const open = /\S/.exec(text.slice(arrow))!.index + arrow;
    const parenthesised = open < start && text[open] === '(';
    if (parenthesised) {
      start = open;
      end = text.indexOf(')', end) + 1;
    }
    const opening = head.map((l, i) => `${eol}${indent}${unit}${l}${i === head.length - 1 && !parenthesised ? '(' : ''}`).join('');
    return [{ start: arrow, end: start, text: ` {${opening}` }, insert(end, `${parenthesised ? '' : ')'});${eol}${indent}}`)];
  }
  const first = body.body[0];
  const indent = first ? indentAt(text, first.range[0]) : indentAt(text, fn.range[0]) + unit;
  const opening = head.map((l, i) => `${eol}${indent}${l}${i === head.length - 1 ? '{' : ''}`).join('') + (snapshot ? `${eol}${indent}${unit}${snapshot}` : '');
  const edits: TextEdit[] = [insert(body.range[0] + 1, opening)];
  const templates: Array<[number, number]> = [];
  walkAll(body, (n) => {
    if (n.type === 'TemplateLiteral') templates.push(n.range);
  });
  const closing = lineStart(text, body.range[1] - 1);
  for (let at = text.indexOf('\n', body.range[0]) + 1; at > 0 && at < closing; at = text.indexOf('\n', at) + 1) {
    if (templates.some(([s, e]) => at > s && at < e)) continue;
    if (skip.some((e) => at >= e.start && at < e.end)) continue;
    if (/^[ \t]*\r?\n/.test(text.slice(at))) continue;
    edits.push(insert(at, unit));
  }
  const lastEnd = body.body.length ? body.body[body.body.length - 1]!.range[1] : body.range[0] + 1;
  edits.push(insert(lastEnd, `${eol}${indent}});`));
  return edits;
}
