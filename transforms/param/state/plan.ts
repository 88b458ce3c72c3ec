// `--to param` retires roots state (design.md §4, "Roots state"): the fetch, the list_changed
// refresh and the cache go. A *sandbox* then comes only from configuration — the server's own
// arguments or environment, else a generated `<SERVER>_ALLOWED_DIRS` read once — and no parameter
// can widen it. A *workspace* is resolved per call: the consuming tools' new optional directory
// parameter, else the configuration, else the original's own no-roots path (its fallback or refusal).
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type TextEdit, enclosingFunction, functionName, insert, indentAt, isFunction } from '@uproot/core/planning';
import { analyzeState, isRequestHandler, locOf, propertyName, reachesOf, walkAll } from '@uproot/core/planning';
import type { Provenance, ReasonCode, RootsSite, RootsState, StateAnalysis } from '@uproot/core/planning';
import { removeStatement } from '../removal.ts';
import { Unprovable } from '../unprovable.ts';
import { type Configuration, existingConfiguration, serverPrefix } from './configuration.ts';
import { derivationOf } from './derive.ts';
import { type Hook, type HookContext, declarationOf, fillReferences, fillerOf, hookOf, keptStatements, triggersOf, lazyHookOf } from './hooks.ts';
import { remedyEdits } from './refusal.ts';
import type { StateInput, StateOutcome, StatePlan } from './types.ts';
import { planWorkspace } from './workspace.ts';

const STATEFUL = new Set(['lifecycle', 'list-changed', 'background']);
/** Reasons a request reached from handlers gets when its answer is kept (or caught into a default). */
const ON_USE = new Set(['shared-state', 'timeout-control']);

interface Group {
  state: RootsState;
  analysis: StateAnalysis;
  requests: RootsSite[];
  /** The marker the requests keep when the state cannot be retired. */
  reason: ReasonCode;
  /** Reached from the handlers (a fill on first use), not from a hook. */
  onUse: boolean;
}

/** The write sits in a same-file function the handlers call to fill the state on first use. */
function lazyWrite(write: Node, request: Node, prov: Provenance): boolean {
  const fn = fillerOf(write, new Set([request]));
  return !!fn && !!lazyHookOf(fn, prov);
}

export function planRootsState(input: StateInput): StatePlan {
  const { f, sites } = input;
  const plan: StatePlan = { edits: [], removed: [], outcomes: new Map(), failures: new Map(), keep: new Set(), needs: {} };
  const groups = new Map<unknown, Group>();
  for (const site of sites) {
    if (site.side !== 'server' || site.kind !== 'request') continue;
    // A request the handlers reach can still feed state: a fill on first use (`await ensureRoots()`).
    const onUse = !site.reason || ON_USE.has(site.reason);
    if (!onUse && !STATEFUL.has(site.reason!)) continue;
    const analysis = analyzeState(site.node, f.prov, f.text);
    // No state, or readers whose role is unclear: the site keeps the marker it had.
    if (analysis.states.length !== 1 || !analysis.role) continue;
    const state = analysis.states[0]!;
    if (onUse && !state.writes.every((w) => lazyWrite(w.node, site.node, f.prov))) continue;
    const key = state.kind === 'class-field' ? `${state.cls.range[0]}:${state.field}` : state.variable;
    const group = groups.get(key);
    if (group) {
      group.requests.push(site);
      for (const w of state.writes) if (!group.state.writes.some((x) => x.node === w.node)) group.state.writes.push(w);
    } else groups.set(key, { state, analysis, requests: [site], reason: site.reason ?? 'shared-state', onUse });
  }
  for (const group of groups.values()) {
    try {
      const planned = planGroup(group, input);
      plan.edits.push(...planned.edits);
      plan.removed.push(...planned.removed);
      for (const n of planned.keep) plan.keep.add(n);
      for (const site of planned.sites) plan.outcomes.set(site, planned.outcome);
      if (planned.configured) plan.needs.configured = planned.configured;
      if (planned.workspace) plan.needs.workspace = true;
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      // A fill on first use keeps the marker the request had (its answer is kept beyond the request).
      for (const site of group.requests) plan.failures.set(site, group.onUse ? new Unprovable(group.reason, error.message) : error);
    }
  }
  return plan;
}

interface GroupPlan {
  edits: TextEdit[];
  removed: Array<[number, number]>;
  keep: Set<string>;
  sites: RootsSite[];
  outcome: StateOutcome;
  configured?: string;
  workspace?: boolean;
}

function planGroup(group: Group, input: StateInput): GroupPlan {
  const { f, sites } = input;
  const { state, analysis } = group;
  const role = analysis.role;
  if (!role) throw new Unprovable(group.reason, 'uproot cannot tell whether these roots are a sandbox (containment checks) or a workspace (a base directory)');
  if (state.kind === 'session-map') throw new Unprovable(group.reason, `the roots are kept per session in ${state.name}; one process can serve several clients, which configuration or one parameter cannot tell apart`);
  const requestNodes = new Set<Node>(group.requests.map((s) => s.node));
  const listChanged = new Map<Node, RootsSite>();
  for (const s of sites) if (s.kind === 'list-changed' && s.side === 'server') listChanged.set(s.node, s);

  // Each write sits in a hook, or in a same-file helper only hooks call.
  // Keyed by the statement that installs each hook (a timer handed the fill function has no function of its own).
  const hooks = new Map<Node, Hook>();
  const helpers = new Set<FunctionNode>();
  for (const write of state.writes) {
    const fn = fillerOf(write.node, requestNodes);
    if (!fn) throw new Unprovable('lifecycle', 'the roots are written into the state outside any function');
    const hook = hookOf(fn, new Set(listChanged.keys())) ?? lazyHookOf(fn, f.prov);
    if (hook) {
      hooks.set(hook.statement, hook);
      continue;
    }
    // A named fill function: every reference must be a trigger (called from a hook, or handed to a timer).
    const fills = new Set<FunctionNode>();
    const triggers = triggersOf(fn, f.prov, new Set(listChanged.keys()), fills);
    if (!triggers) throw new Unprovable(group.reason, `${state.name} is filled outside a lifecycle hook, a list_changed handler or a startup timer`);
    helpers.add(fn);
    for (const outer of fills) helpers.add(outer);
    for (const h of triggers) hooks.set(h.statement, h);
  }
  for (const site of group.requests) {
    const fn = fillerOf(site.node, requestNodes);
    const inHook = fn && (hooks.has(fn) || helpers.has(fn) || [...hooks.keys()].some((h) => fn.range[0] >= h.range[0] && fn.range[1] <= h.range[1]));
    if (!inHook) throw new Unprovable(site.reason!, 'the roots request is not inside the hook that fills the state');
  }
  const within = (n: Node, container: Node) => n.range[0] >= container.range[0] && n.range[1] <= container.range[1];
  // No other roots request may share those hooks.
  for (const s of sites) {
    if (s.kind === 'request' && !requestNodes.has(s.node) && [...hooks.keys(), ...helpers].some((h) => within(s.node, h))) throw new Unprovable(s.reason ?? 'lifecycle', 'the hook also fetches roots for other state');
  }
  const gates = new Set<Node>(sites.filter((s) => s.kind === 'capability' && s.side === 'server' && [...hooks.keys(), ...helpers].some((h) => within(s.node, h))).map((s) => s.node));
  const writes = new Set<Node>(state.writes.map((w) => w.node));
  const ctx: HookContext = { prov: f.prov, text: f.text, requests: requestNodes, gates, helpers, writes };
  const edits: TextEdit[] = [];
  const removed: Array<[number, number]> = [];
  const covered: RootsSite[] = [...group.requests];
  let placement: { hook: Hook; kept: Node[] } | undefined;
  const retirements: Array<{ hook: Hook; kept: Node[] }> = [];
  // A named fill function goes with its triggers: it may do nothing but fetch roots into the state
  // (or pass them on), else removing it would drop that other work.
  for (const helper of helpers) {
    if ([...hooks.values()].some((h) => h.fn === helper)) continue;
    if (keptStatements({ fn: helper, statement: declarationOf(helper), kind: 'background' }, ctx).length) throw new Unprovable(group.reason, `${functionName(helper) ?? 'the function that fills the roots'} does more than fetch roots`);
  }
  for (const hook of hooks.values()) {
    const kept = keptStatements(hook, ctx);
    if (kept.length && hook.kind === 'lazy') throw new Unprovable(group.reason, 'the function that fills the roots on first use also does other work');
    if (kept.length && hook.kind !== 'init') throw new Unprovable(hook.kind === 'refresh' ? 'list-changed' : 'background', 'the handler does more than refresh roots');
    retirements.push({ hook, kept });
    if (hook.kind === 'init' && !placement) placement = { hook, kept };
    const registration = [...listChanged.entries()].find(([node]) => within(node, hook.statement));
    if (registration) covered.push(registration[1]);
  }
  placement ??= retirements[0];
  for (const s of sites) if (gates.has(s.node)) covered.push(s);
  const retiredRanges = retirements.map((r) => r.hook.statement.range as [number, number]);
  for (const helper of helpers) {
    const declaration = declarationOf(helper);
    const refs = fillReferences(helper, f.prov);
    if (refs.every((r) => retiredRanges.some((range) => r.range[0] >= range[0] && r.range[1] <= range[1]))) retiredRanges.push(declaration.range);
  }
  // A fill on first use: its calls in the handlers and its once-flags go with it.
  const lazyUses: Node[] = [];
  for (const { hook } of retirements) {
    if (hook.kind !== 'lazy') continue;
    if (state.kind !== 'class-field' && state.variable.defs[0] && state.variable.defs[0].name.range[0] > hook.statement.range[0]) throw new Unprovable(group.reason, `${state.name} is declared after the function that fills it`);
    lazyUses.push(...(hook.uses ?? []));
    for (const flag of hook.flags ?? []) retiredRanges.push((flag.defs[0]!.node as TSESTree.VariableDeclarator).parent!.range);
  }
  // A promise that only held the fill (`ready = refresh()`): its declaration and every `await ready;` go too.
  for (const [variable, stored] of ctx.stored ?? []) {
    const hookRanges = [...retirements.map((r) => r.hook.statement.range), ...[...helpers].map((h) => declarationOf(h).range)];
    const retiredHere = (n: Node) => hookRanges.some(([a, b]) => n.range[0] >= a && n.range[1] <= b);
    const stray = stored.writes.find((w) => !retiredHere(w));
    if (stray) throw new Unprovable(group.reason, `${variable.name} is also assigned outside the hooks being retired (line ${locOf(stray).start.line})`);
    if (stored.declaration) retiredRanges.push(stored.declaration.range);
    lazyUses.push(...stored.awaits.filter((a) => !retiredHere(a)));
  }
  // Same-file functions only the retired code called (`toDirs(roots)`) go with it.
  const keptRanges = retirements.flatMap((r) => r.kept.map((k) => k.range));
  const inRetired = (n: Node) => retiredRanges.some(([a, b]) => n.range[0] >= a && n.range[1] <= b) && !keptRanges.some(([a, b]) => n.range[0] >= a && n.range[1] <= b);
  const candidates = new Set<FunctionNode>();
  walkAll(f.ast, (n) => {
    if (n.type !== 'Identifier' || !inRetired(n)) return;
    const def = f.prov.variableOf(n)?.defs[0];
    if (def?.type === 'FunctionName' && def.node.type === 'FunctionDeclaration' && def.node.parent?.type === 'Program' && !inRetired(def.node)) candidates.add(def.node);
  });
  const unused = new Map<[number, number], FunctionNode>();
  for (const fn of candidates) {
    if (f.prov.referencesTo(fn).every((r) => inRetired(r))) {
      retiredRanges.push(fn.range);
      unused.set(fn.range, fn);
    }
  }
  // Any other write must be startup configuration (never inside a handler), and a workspace has none.
  for (const other of otherWrites(state, writes)) {
    if (role === 'workspace') throw new Unprovable(group.reason, `${state.name} is also written at line ${locOf(other).start.line}`);
    if (reachesOf(other, f.prov).some((r) => isRequestHandler(r.handler))) throw new Unprovable(group.reason, `${state.name} is also written by a handler (line ${locOf(other).start.line})`);
  }
  const config = existingConfiguration(state, f.prov, f.text, retiredRanges);
  const prefix = serverPrefix(f.ast, f.prov);
  const keep = new Set<string>();
  const write = preferredWrite(state, placement?.hook);

  let applied: string | undefined;
  let configure: StateOutcome['configure'];
  let detail: string;
  let configured: string | undefined;
  let workspace = false;
  if (role === 'sandbox') {
    if (config) {
      configure = { env: config.env, args: config.args, param: null, role };
      detail = `${TRUST}: roots are retired and the allowed directories now come only from the server's own ${sources(config)}, which a tool parameter can never widen; configure them there`;
    } else {
      const env = `${prefix}_ALLOWED_DIRS`;
      const names = input.names();
      const hookFn = placement!.hook.fn;
      const derivation = derivationOf(write.value, requestNodes, write.hook ?? hookFn, placement!.hook.statement, f.prov, f.text);
      if (derivation.awaits && !asyncContext(placement!.hook.statement)) throw new Unprovable('lifecycle', 'the allowed directories are computed with other awaits, outside an async function');
      for (const n of derivation.names) keep.add(n);
      const value = derivation.text(`${names.configured}('${env}')`);
      applied = f.text.slice(write.node.range[0], write.value.range[0]) + value + f.text.slice(write.value.range[1], write.node.range[1]);
      // The write itself moves too (a setter's name is an import).
      walkAll(write.node, (n) => n.type === 'Identifier' && keep.add(n.name));
      configured = names.configured;
      configure = { env, args: false, param: null, role };
      detail = `${TRUST}: roots are retired and the allowed directories now come only from the ${env} environment variable (directories separated by the platform path delimiter), read once when the server starts; a tool parameter can never widen them. Set ${env}`;
      const guarded = state.kind === 'setter' ? analysis.consumers.filter((c) => c.count && c.call).map((c) => c.call!) : readNodes(analysis);
      edits.push(...remedyEdits(guarded, `Set ${env} to the allowed directories.`, f.text));
    }
  } else {
    const w = planWorkspace({ state, analysis, write, requests: requestNodes, hook: write.hook ?? placement!.hook.fn, config, prefix, input, skip: lazyUses.map((u) => removeStatement(f.text, u)) });
    edits.push(...w.edits);
    removed.push(...w.removed);
    for (const n of w.keep) keep.add(n);
    configure = { env: w.env, args: config?.args ?? false, param: w.param, role };
    detail = `${TRUST}: roots are retired; the model now passes the workspace as the optional "${w.param}" parameter of ${w.tools.map((t) => JSON.stringify(t)).join(', ')} (checked: an absolute path or file:// URI of an existing directory, resolved with realpath)${w.env ? `, else the ${w.env} environment variable sets it` : ''}; without either the tools take the original's no-roots path`;
    workspace = true;
  }

  for (const { hook, kept } of retirements) {
    const replacement = hook === placement?.hook && applied ? applied + ';' : '';
    const range = hook.statement.range;
    if (kept.length === 0) {
      if (replacement) edits.push({ start: range[0], end: range[1], text: replacement });
      else edits.push(withComment(f.text, removeStatement(f.text, hook.statement)));
    } else {
      // The hook keeps what a client without roots got; the configuration is applied before it.
      const body = hook.fn.body as TSESTree.BlockStatement;
      const indent = indentAt(f.text, body.body[0]?.range[0] ?? body.range[0]);
      const keptText = kept.map((k) => dedent(f.text, k, indent)).join(`${f.eol}${indent}`);
      edits.push({ start: body.range[0] + 1, end: body.range[1] - 1, text: `${f.eol}${indent}${keptText}${f.eol}${indentAt(f.text, range[0])}` });
      if (replacement) edits.push(insert(range[0], `${replacement}${f.eol}${indentAt(f.text, range[0])}`));
    }
    removed.push(range);
  }
  for (const range of retiredRanges.slice(retirements.length)) {
    // A helper the new value still calls (`allowed = extractRoots(configuredRoots(…))`) stays.
    const fn = unused.get(range);
    if (fn?.type === 'FunctionDeclaration' && fn.id && keep.has(fn.id.name)) continue;
    edits.push(withComment(f.text, removeStatement(f.text, { range })));
    removed.push(range);
  }
  for (const use of lazyUses) {
    edits.push(removeStatement(f.text, use));
    removed.push(use.range);
  }
  return { edits, removed, keep, sites: covered, outcome: { detail, configure }, configured, workspace };
}

const TRUST = 'the trust boundary moved';

/** A removed statement takes the `//` comment lines right above it (they described it) along. */
export function withComment(text: string, edit: TextEdit): TextEdit {
  let start = edit.start;
  for (;;) {
    const before = text.slice(0, start);
    const m = /(?:^|\n)([ \t]*\/\/[^\n]*\n)$/.exec(before);
    if (!m || /uproot:/.test(m[1]!)) break;
    start -= m[1]!.length;
  }
  if (start === edit.start) return edit;
  // The blank line above now meets the blank line below: keep one.
  const blankAbove = /\n[ \t]*\n$/.test(text.slice(0, start));
  const blankBelow = /^[ \t]*\r?\n/.exec(text.slice(edit.end));
  return { ...edit, start, end: blankAbove && blankBelow ? edit.end + blankBelow[0].length : edit.end };
}

/** A kept statement's text, its lines moved from their old indentation to `indent` (a block's braces dropped). */
function dedent(text: string, kept: Node, indent: string): string {
  const inner = kept.type === 'BlockStatement' ? (kept as TSESTree.BlockStatement).body : [kept];
  if (inner.length === 0) return '';
  const start = inner[0]!.range[0];
  const end = inner[inner.length - 1]!.range[1];
  const old = indentAt(text, start);
  return text
    .slice(start, end)
    .split('\n')
    .map((line, i) => (i > 0 && line.startsWith(old) ? indent + line.slice(old.length) : line))
    .join('\n');
}

function sources(c: Configuration): string {
  return [c.args ? 'command-line arguments' : '', c.env ? `${c.env} environment variable` : ''].filter(Boolean).join(' and ');
}

/** Writes of the state besides the roots writes being retired (declarations excluded). */
function otherWrites(state: RootsState, retired: ReadonlySet<Node>): Node[] {
  const out: Node[] = [];
  const retiredInside = (n: Node) => [...retired].some((w) => n.range[0] >= w.range[0] && n.range[1] <= w.range[1]);
  if (state.kind === 'class-field') {
    walkAll(state.cls, (n) => {
      if (n.type === 'AssignmentExpression' && n.left.type === 'MemberExpression' && n.left.object.type === 'ThisExpression' && propertyName(n.left) === state.field && !retiredInside(n)) out.push(n);
    });
    return out;
  }
  if (state.kind === 'setter') return out;
  for (const ref of state.variable.references) {
    if (!ref.isWrite() || state.variable.defs.some((d) => d.name === ref.identifier)) continue;
    if (!retiredInside(ref.identifier)) out.push(ref.identifier);
  }
  // `cache.set(…)`, `cache.push(…)`: a mutation is a write too.
  for (const ref of state.variable.references) {
    const member = ref.identifier.parent;
    if (member?.type === 'MemberExpression' && member.object === ref.identifier && /^(set|push|splice|unshift|add|delete|clear)$/.test(propertyName(member) ?? '') && member.parent?.type === 'CallExpression' && !retiredInside(member)) out.push(member);
  }
  return out;
}

function readNodes(analysis: StateAnalysis): Node[] {
  return analysis.consumers.map((c) => c.read.node);
}

/** The write whose value becomes the derivation: the one in the init hook, else the first. */
function preferredWrite(state: RootsState, init: Hook | undefined): { node: Node; value: Node; hook?: FunctionNode } {
  const writes = state.writes.map((w) => ({ ...w, hook: enclosingFunction(w.node) }));
  return writes.find((w) => init && w.hook === init.fn) ?? writes[0]!;
}

function asyncContext(statement: Node): boolean {
  const fn = enclosingFunction(statement);
  return !!fn && isFunction(fn) && fn.async;
}

