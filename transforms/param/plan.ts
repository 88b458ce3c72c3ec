// The param strategy (design.md §4): roots requests and input requests reached from tool and prompt
// handlers become an explicit directory parameter, validated where it enters, and fed where the
// roots used to arrive. Everything it cannot prove gets a reason-coded marker.
import type { TSESTree } from '@typescript-eslint/types';
import type { FunctionNode, ScopeManagerLike } from '@uproot/core/planning';
import { reachesOf } from '@uproot/core/planning';
import { type TextEdit, applyEdits, EditConflictError, eolOf, indentUnit, insert } from '@uproot/core/planning';
import { cjsRequires, planPrunes } from '@uproot/core/planning';
import { dedupeMarkers, hasMarker, planMarker } from '@uproot/core/planning';
import { Provenance } from '@uproot/core/planning';
import { findRootsSites, originOf } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { planClientEraGuards } from '../client-era-guard.ts';
import type { FilePlan, SiteOutcome } from '../outcome.ts';
import { type EntryPlan, analyzeEntry } from './analyze.ts';
import { Bindings } from './bindings.ts';
import { buildEdits } from './build.ts';
import { type Entry, type FileContext, reachEntries } from './entries.ts';
import { helpersBlock } from './helpers-block.ts';
import { deadHelpers } from './hybrid.ts';
import { deadRefresh } from './list-changed.ts';
import { mergeDeletions, removeStatement } from './removal.ts';
import { Unprovable } from './unprovable.ts';
import { type StateHelperNames, stateHelpersBlock } from './state/helpers-block.ts';
import { planRootsState } from './state/plan.ts';
import { SOURCEABLE, type SourcePlan, planConfiguredSource } from './state/configured-source.ts';
import { type HelperKind, PARAM_EXPORTS } from '../shared-helpers/names.ts';
import { type PushRequest, PushRequestsByHandler, isPushRequest, pushRequestDetail } from '../push-requests.ts';
import { importedPushRequests } from '../imported-push-requests.ts';

export interface ParamOptions {
  /** The new parameter's name (default `directory`); `directory2`… when the handler already uses it. */
  paramName?: string;
  /** `uproot migrate` over several files: the specifier of the shared module to import the helpers from, instead of writing them here. */
  sharedHelpers?: string;
  /** The run leaves no server roots request to the client and its requests read this variable: every capability check reads it too. */
  configuredCapability?: string;
  /** The run builds one MCP server, with this literal name: a file that does not build it names its variable after it. */
  serverName?: string;
  /** Where the run started: the callers' boundary for a file no package.json or repository holds. */
  cwd?: string;
  /**
   * The run moves the push requests (elicitation, sampling) of the v2 handlers it rewrites into multi round-trip
   * requests afterwards (param-push/), so they do not hold a handler here; except the handlers `held` names by their
   * callback's offset, with the marker's detail: their push requests could not move, and they stay whole.
   */
  movePushRequests?: { held: ReadonlyMap<number, string> };
}

export interface ParamInput extends ParamOptions {
  text: string;
  filePath: string;
  ast: TSESTree.Program;
  scopeManager: ScopeManagerLike;
}

export function planParam(input: ParamInput): FilePlan {
  const { text, filePath, ast, scopeManager } = input;
  const paramName = input.paramName ?? 'directory';
  if (!/^[A-Za-z_$][\w$]*$/.test(paramName)) throw new Error(`--param-name must be a JavaScript identifier, not "${paramName}"`);
  const typescript = /\.[cm]?tsx?$/.test(filePath);
  // The same provenance as scan and the MRTR planner, imports from other files of the project included.
  const prov = new Provenance(scopeManager, undefined, originOf(filePath, input.cwd));
  const f: FileContext = { text, ast, prov, eol: eolOf(text), unit: indentUnit(text) };
  const sites = findRootsSites({ ast, text, scopeManager, file: filePath, cwd: input.cwd });
  let bindings = new Bindings(text, ast, scopeManager, typescript);

  const failed = new Map<RootsSite, Unprovable>();
  const entries = new Map<string, Entry>();
  const siteEntries = new Map<RootsSite, Entry[]>();
  const targets = sites.filter((s) => s.side === 'server' && (s.kind === 'request' || s.kind === 'input-request'));
  for (const site of targets) {
    try {
      siteEntries.set(site, reachEntries(site, f, entries));
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      failed.set(site, error);
    }
  }
  // A handler that also reaches a request uproot cannot rewrite keeps all of its roots as they are.
  const blocked = new Map<FunctionNode, RootsSite>();
  for (const site of failed.keys()) {
    for (const reach of reachesOf(site.node, prov)) if (reach.callback && !blocked.has(reach.callback)) blocked.set(reach.callback, site);
  }
  const capabilities = sites.filter((s) => s.kind === 'capability' && s.side === 'server');
  const plans = new Map<Entry, EntryPlan>();
  for (const entry of entries.values()) {
    try {
      plans.set(entry, analyzeEntry(entry, f, { paramName, checkZod: () => bindings.checkZod(), capabilities }));
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      entry.error = error;
    }
  }
  for (const entry of entries.values()) {
    const site = blocked.get(entry.callback);
    if (site && !entry.error) entry.error = alsoReaches(site, failed.get(site)!);
  }
  const v1Pushing = holdPushRequestHandlers(entries, sites, prov, filePath, input.movePushRequests, input.cwd);
  propagate(entries, siteEntries, failed, plans);

  const survivors = [...entries.values()].filter((e) => !e.error).map((e) => plans.get(e)!);
  let built: ReturnType<typeof buildEdits> = { edits: [], removed: [], details: new Map() };
  const extra: TextEdit[] = [];
  const needsHelper = survivors.some((p) => p.param);
  let helper = needsHelper ? { fn: bindings.declare('rootsFromDirectory'), type: bindings.declare('DirectoryRoots') } : { fn: '', type: '' };
  if (survivors.length > 0) {
    try {
      built = buildEdits(survivors, { f, typescript, bindings, helper });
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      // A late surprise: rewrite nothing rather than half of it, and import nothing for it either.
      for (const plan of survivors) for (const site of plan.entry.sites) failed.set(site, error);
      built = { edits: [], removed: [], details: new Map() };
      bindings = new Bindings(text, ast, scopeManager, typescript);
    }
  }
  const rewritten = survivors.filter((p) => [...p.entry.sites].every((s) => !failed.has(s)));
  if (rewritten.length > 0) {
    const hybridHelpers = rewritten.filter((p) => p.hybrid).flatMap((p) => [...p.entry.fns].filter((fn) => fn !== p.entry.callback));
    for (const dead of deadHelpers(hybridHelpers, built.removed, (fn) => prov.referencesTo(fn))) extra.push(removeStatement(text, dead.statement));
  }

  // Roots kept in state (fetched in hooks, read by tools): retired, per role.
  const stateNames: StateHelperNames = {};
  const statePlan = planRootsState({
    f,
    sites,
    bindings,
    typescript,
    paramName,
    taken: new Set(survivors.map((p) => p.entry.callback)),
    names: () => {
      if (!helper.fn) helper = { fn: bindings.declare('rootsFromDirectory'), type: bindings.declare('DirectoryRoots') };
      stateNames.configured ??= { fn: bindings.declare('configuredRoots'), cache: bindings.declare('configuredRootsCache'), type: bindings.declare('ConfiguredRoots') };
      stateNames.workspace ??= { fn: bindings.declare('workspaceRoots'), directory: helper.fn, type: helper.type };
      return { configured: stateNames.configured.fn, workspace: stateNames.workspace };
    },
  });
  extra.push(...statePlan.edits);

  // Where neither could prove a rewrite, the state stays and only its source changes: configuration.
  const candidates = new Map<RootsSite, Unprovable>();
  for (const site of sites) {
    if (site.side !== 'server' || site.kind !== 'request' || statePlan.outcomes.has(site)) continue;
    const failure = statePlan.failures.get(site) ?? failed.get(site);
    if (failure && SOURCEABLE.has(failure.reason)) candidates.set(site, failure);
  }
  let sourcePlan: SourcePlan = planConfiguredSource({
    f,
    sites,
    candidates,
    typescript,
    ...(input.configuredCapability ? { runVariable: input.configuredCapability } : {}),
    ...(input.serverName ? { serverName: input.serverName } : {}),
    names: () => {
      stateNames.configured ??= { fn: bindings.declare('configuredRoots'), cache: bindings.declare('configuredRootsCache'), type: bindings.declare('ConfiguredRoots') };
      stateNames.capability ??= { fn: bindings.declare('rootsConfigured'), warned: bindings.declare('rootsConfiguredWarned') };
      return { configured: stateNames.configured.fn, capability: stateNames.capability.fn };
    },
  });
  try {
    applyEdits(text, [...built.edits, ...extra, ...sourcePlan.edits]);
  } catch (error) {
    if (!(error instanceof EditConflictError)) throw error;
    // It overlaps the other rewrites: those stand, these sites keep their markers.
    sourcePlan = { edits: [], removed: [], outcomes: new Map(), failures: sourcePlan.failures, needs: {} };
  }
  extra.push(...sourcePlan.edits);

  // list_changed handlers that only reset state nobody reads once the rewrite is in.
  const refreshes = new Map<RootsSite, string>();
  for (const site of sites) {
    if (site.kind !== 'list-changed' || site.side !== 'server' || statePlan.outcomes.has(site) || sourcePlan.outcomes.has(site)) continue;
    const dead = deadRefresh(site, prov, [...built.removed, ...statePlan.removed, ...sourcePlan.removed, ...extra.map((e): [number, number] => [e.start, e.end])]);
    if (!dead) continue;
    extra.push(removeStatement(text, dead.statement), ...dead.declarations.map((d) => removeStatement(text, d)));
    refreshes.set(site, `removed: it only reset ${dead.state.join(', ')}, which nothing reads; 2026-07-28 has no list_changed notification`);
  }

  // What the rewritten handlers still ask push-style: v2's moves next (param-push/), v1's needs the SDK first.
  const rewrittenEntries = new Set(rewritten.map((p) => p.entry));
  const rewrittenHandlers = rewritten.map((p) => p.entry.callback.range[0]);
  const v1Pushes = new Map<RootsSite, string>();
  /** Those in helpers of other files, which the run marks there (param-push/v1-marks.ts). */
  const v1Elsewhere: NonNullable<FilePlan['v1Pushes']> = [];
  for (const [entry, requests] of v1Pushing) {
    if (!rewrittenEntries.has(entry)) continue;
    for (const r of requests) {
      if (r.file !== filePath) v1Elsewhere.push({ file: r.file, at: r.site.range[0] });
      else if (!v1Pushes.has(r.site)) v1Pushes.set(r.site, V1_PUSH);
    }
  }

  const outcomes: SiteOutcome[] = [];
  const era = planClientEraGuards({ text, ast, scopeManager, sites });
  for (const site of sites) {
    if (site.side === 'client') continue;
    const failure = sourcePlan.failures.get(site) ?? statePlan.failures.get(site) ?? failed.get(site);
    const retired = statePlan.outcomes.get(site) ?? sourcePlan.outcomes.get(site);
    if (retired) outcomes.push({ site, outcome: 'rewritten', detail: retired.detail, configure: retired.configure });
    else if (failure) outcomes.push({ site, outcome: 'marked', reason: failure.reason, ...(failure.message ? { detail: failure.message } : {}) });
    else if (built.details.has(site)) outcomes.push({ site, outcome: 'rewritten', detail: built.details.get(site)! });
    else if (refreshes.has(site)) outcomes.push({ site, outcome: 'rewritten', detail: refreshes.get(site)! });
    else if (v1Pushes.has(site)) outcomes.push({ site, outcome: 'marked', reason: 'v1-sdk', detail: v1Pushes.get(site)! });
    // An earlier run rewrote the roots of the v1 handler making it and marked it: still so.
    else if (isPushRequest(site) && site.sdk === 1 && hasMarker(text, site.node, 'v1-sdk')) outcomes.push({ site, outcome: 'marked', reason: 'v1-sdk', detail: V1_PUSH });
    else if (site.action === 'mark' && site.reason && site.kind === 'list-changed') outcomes.push({ site, outcome: 'marked', reason: site.reason });
    else outcomes.push({ site, outcome: 'reported' });
  }
  const eraSites = new Set(era.outcomes.map((o) => o.site));
  outcomes.push(...era.outcomes);
  for (const site of sites) if (site.side === 'client' && !eraSites.has(site)) outcomes.push({ site, outcome: 'reported' });

  const removed = [...built.removed, ...statePlan.removed, ...sourcePlan.removed, ...extra.map((e): [number, number] => [e.start, e.end])];
  const inRemoved = (at: number) => removed.some(([s, e]) => at > s && at < e);
  const markers = dedupeMarkers(
    outcomes.flatMap((o) => {
      if (o.outcome !== 'marked' || !o.reason) return [];
      const marker = planMarker(text, o.site.node, o.reason, o.detail);
      return marker && !inRemoved(marker.start) ? [marker] : [];
    }),
  );
  const edits = [...built.edits, ...extra, ...era.edits, ...markers];
  // The block names its imports first; the imports go above it at the same anchor.
  const blocks: string[] = [];
  const stateBlock = {
    ...(statePlan.needs.configured || sourcePlan.needs.configured ? { configured: stateNames.configured } : {}),
    ...(sourcePlan.needs.capability ? { capability: stateNames.capability } : {}),
    ...(statePlan.needs.workspace ? { workspace: stateNames.workspace } : {}),
  };
  const helpers: HelperKind[] = [
    ...(rewritten.some((p) => p.param) || statePlan.needs.workspace ? (['directory'] as const) : []),
    ...(stateBlock.configured ? (['configured'] as const) : []),
    ...(stateBlock.capability ? (['capability'] as const) : []),
    ...(stateBlock.workspace ? (['workspace'] as const) : []),
  ];
  if (input.sharedHelpers !== undefined) importShared(input.sharedHelpers, bindings, edits, { helper, ...stateBlock });
  else {
    if (helpers.includes('directory')) blocks.push(helpersBlock(bindings, helper, typescript, f.eol, f.unit));
    if (stateBlock.configured || stateBlock.capability || stateBlock.workspace) blocks.push(stateHelpersBlock(bindings, stateBlock, typescript, f.eol, f.unit));
  }
  const block = blocks.length ? blocks.join(`${f.eol}${f.eol}`) : undefined;
  edits.push(...bindings.edits());
  if (block) {
    const at = anchor(text, ast);
    const blankAfter = /^\r?\n\r?\n/.test(text.slice(at));
    edits.push(insert(at, at === 0 ? `${f.eol}${block}${f.eol}${f.eol}` : `${f.eol}${f.eol}${block}${blankAfter ? '' : f.eol}`));
  }
  edits.push(...safePrunes(text, ast, prov, removed, bindings, edits, statePlan.keep));
  applyEdits(text, edits); // prove the edits compose before anyone writes them
  return {
    edits,
    outcomes: outcomes.sort((a, b) => a.site.range[0] - b.site.range[0]),
    ...(helpers.length ? { helpers } : {}),
    ...(sourcePlan.variable ? { configuredSource: sourcePlan.variable } : {}),
    ...(v1Elsewhere.length ? { v1Pushes: v1Elsewhere } : {}),
    ...(input.movePushRequests && rewrittenHandlers.length ? { rewrittenHandlers } : {}),
    ...(input.movePushRequests ? replaySafe([helper.fn, stateNames.configured?.fn, stateNames.capability?.fn, stateNames.workspace?.fn]) : {}),
  };
}

/** Import, from the shared module, the helpers (and the helper type) the file's new code names, under the names it was given. */
function importShared(module: string, bindings: Bindings, edits: TextEdit[], locals: { helper: { fn: string; type: string } } & StateHelperNames): void {
  const code = edits.map((e) => e.text).join('\n');
  const pairs: Array<[string, string | undefined, boolean]> = [
    [PARAM_EXPORTS.directory.fn, locals.helper.fn, false],
    [PARAM_EXPORTS.directory.type, locals.helper.type, true],
    [PARAM_EXPORTS.configured.fn, locals.configured?.fn, false],
    [PARAM_EXPORTS.capability.fn, locals.capability?.fn, false],
    [PARAM_EXPORTS.workspace.fn, locals.workspace?.fn, false],
  ];
  for (const [name, local, type] of pairs) if (local && new RegExp(`\\b${local.replace(/\$/g, '\\$')}\\b`).test(code)) bindings.importAs(module, name, local, { type });
}

/** Why a push request of a v1 handler whose roots request the run rewrote is left: MRTR needs the v2 SDK. */
export const V1_PUSH = 'the handler\'s roots now come from its directory parameter, but this request still asks the client push-style, which 2026-07-28 refuses; multi round-trip requests need the v2 SDK';

/**
 * A v2 handler that also elicits or samples push-style keeps its roots request, unless the run moves those requests
 * into multi round-trip requests (`move`), which holds those that cannot move: the parameter alone would let it run on 2026-07-28 past the roots request
 * it failed at, then fail at the push request after whatever it does in between, and report it migrated. A v1
 * handler is rewritten (v1 serves only 2025-era connections, where its push requests still work) and its push
 * requests are marked v1-sdk (the v1 handlers and their requests are returned). A push request in this file whose callers cannot all be traced holds every such
 * handler of the file; helpers imported from other files are followed one import deep.
 */
function holdPushRequestHandlers(entries: Map<string, Entry>, sites: RootsSite[], prov: Provenance, filePath: string, move: ParamOptions['movePushRequests'], cwd: string | undefined): Map<Entry, PushRequest[]> {
  const pushes = new PushRequestsByHandler();
  for (const site of sites) {
    if (!isPushRequest(site)) continue;
    const reaches = reachesOf(site.node, prov);
    for (const reach of reaches) if (reach.callback) pushes.add(reach.callback, { site, file: filePath });
    if (site.sdk !== 1 && (reaches.length === 0 || reaches.some((r) => !r.callback && r.handler === 'other'))) pushes.addUntraced({ site, file: filePath });
  }
  const v1 = new Map<Entry, PushRequest[]>();
  for (const entry of entries.values()) {
    if (entry.error || ![...entry.sites].some((s) => s.kind === 'request')) continue;
    const own = (r: PushRequest) => (entry.sdk === 1 ? r.site.sdk === 1 : r.site.sdk !== 1);
    if (entry.sdk === 1) {
      const requests = [...pushes.of([entry.callback]), ...importedPushRequests(entry.fns, { path: filePath, prov, ...(cwd ? { cwd } : {}) })].filter(own);
      if (requests.length) v1.set(entry, requests);
      continue;
    }
    // Under the move, the MRTR planner decides what holds a v2 handler (below): nothing to look up here.
    if (move) continue;
    const untraced = pushes.untracedFor(filePath, () => []);
    // This file is planned alone: helpers it imports are followed one import deep.
    const holding = [...pushes.of([entry.callback]), ...importedPushRequests(entry.fns, { path: filePath, prov, ...(cwd ? { cwd } : {}) }), ...untraced].filter(own);
    if (holding.length) entry.error = new Unprovable('push-request', pushRequestDetail(holding, filePath, untraced));
  }
  // The move found what holds these, tracing the whole run (their requests may be beyond what this file sees).
  for (const entry of entries.values()) {
    const detail = move?.held.get(entry.callback.range[0]);
    if (detail !== undefined && !entry.error && entry.sdk !== 1) entry.error = new Unprovable('push-request', detail);
  }
  return v1;
}

/** The generated functions the file's rewrite calls that only read: a multi round-trip round may run them again. */
function replaySafe(names: Array<string | undefined>): Pick<FilePlan, 'replaySafe'> {
  const declared = names.filter((n): n is string => !!n);
  return declared.length ? { replaySafe: declared } : {};
}

function alsoReaches(site: RootsSite, why: Unprovable): Unprovable {
  return new Unprovable(why.reason, `this handler also reaches a roots request uproot cannot rewrite (line ${site.line}${why.message ? `: ${why.message}` : ''})`);
}

/** Fail entries reached by a failing site and sites reaching a failing entry, until nothing changes. */
function propagate(entries: Map<string, Entry>, siteEntries: Map<RootsSite, Entry[]>, failed: Map<RootsSite, Unprovable>, plans: Map<Entry, EntryPlan>): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const entry of entries.values()) {
      if (entry.error) continue;
      const bad = [...entry.sites].find((s) => failed.has(s));
      if (bad) {
        entry.error = alsoReaches(bad, failed.get(bad)!);
        changed = true;
      }
    }
    for (const [site, reached] of siteEntries) {
      if (failed.has(site)) continue;
      const bad = reached.find((e) => e.error);
      if (bad) {
        failed.set(site, bad.error!);
        changed = true;
      }
    }
    // A helper threaded for several handlers needs one parameter type: all required or all optional.
    const definiteness = new Map<unknown, Set<boolean>>();
    for (const entry of entries.values()) {
      const plan = plans.get(entry);
      if (entry.error || !plan?.param) continue;
      for (const [fn, d] of plan.param.definite) if (fn !== entry.callback) definiteness.set(fn, (definiteness.get(fn) ?? new Set()).add(d));
    }
    for (const entry of entries.values()) {
      const plan = plans.get(entry);
      if (entry.error || !plan?.param) continue;
      if ([...plan.param.definite.keys()].some((fn) => (definiteness.get(fn)?.size ?? 0) > 1)) {
        entry.error = new Unprovable('unresolved-chain', 'a helper on the way is shared with a handler where the directory is optional and another where it is required');
        changed = true;
      }
    }
  }
}

function anchor(text: string, ast: TSESTree.Program): number {
  const imports = ast.body.filter((s) => s.type === 'ImportDeclaration');
  const last = imports[imports.length - 1] ?? cjsRequires(ast).at(-1);
  if (last) return last.range[1];
  return text.startsWith('#!') ? text.indexOf('\n') : 0;
}

/** planPrunes, minus any import the generated code reuses. */
function safePrunes(text: string, ast: TSESTree.Program, prov: Provenance, removed: Array<[number, number]>, bindings: Bindings, edits: TextEdit[], moved: ReadonlySet<string>): TextEdit[] {
  const kept = planPrunes(text, ast, prov, removed, (name) => [...bindings.reused].includes(name) || moved.has(name));
  const prunes = mergeDeletions(text, kept);
  try {
    applyEdits(text, [...edits, ...prunes]);
    return prunes;
  } catch (error) {
    if (!(error instanceof EditConflictError)) throw error;
    return [];
  }
}
