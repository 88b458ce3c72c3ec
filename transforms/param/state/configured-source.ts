// Roots from configuration (issue 11): where the full retirement of roots state cannot prove its
// rewrite (per-session maps, state in another module, a fill on first use), the state and its
// readers stay exactly as they are and only the *source* changes. The request becomes a call of the
// generated `configuredRoots('<SERVER>_ROOTS')` (the same `{ roots: [{ uri, name }] }` shape, read once
// from the environment, realpathed), each capability check gating it becomes
// `rootsConfigured('<SERVER>_ROOTS')` (a capability-shaped `{}` when the variable lists a directory,
// else undefined), and a list_changed registration that only refreshes goes (with its own request when it
// fetches the roots again into the same state: source/refetch.ts). With the variable set
// to the client's former roots every consumer receives the same value and answers the same; no
// server→client request is left on either protocol era. Unset, the checks take the original's "client
// without roots" path and the first of them says so on stderr (never stdout: stdio servers).
// Choices the end-to-end fixtures rely on: helper names `configuredRoots` / `rootsConfigured`, the
// variable `<SERVER>_ROOTS` (unless the state already reads an environment variable), an ungated
// request or a `.roots.listChanged` gate keeps its marker, and `configure.role` is null when unclear.
import { type Node, type TextEdit, analyzeState, contains, enclosingFunction, insert, locOf } from '@uproot/core/planning';
import type { ReasonCode, RootsSite } from '@uproot/core/planning';
import type { FileContext } from '../entries.ts';
import { removeStatement } from '../removal.ts';
import { Unprovable } from '../unprovable.ts';
import { aliasReadsListChanged, deadAlias, gatesOf, nestedUnderRootsCheck, readsListChanged } from '../source/gates.ts';
import { onlyFromLifecycle } from '../source/lifecycle-only.ts';
import { outwardReach } from '../source/outward.ts';
import { narrowedReads } from '../source/narrowing.ts';
import { refetchOnly } from '../source/refetch.ts';
import { failureCaught } from '../source/caught.ts';
import { refreshOnly } from '../source/refresh.ts';
import { resultUse } from '../source/result-use.ts';
import { existingConfiguration, serverPrefix } from './configuration.ts';
import type { StateOutcome } from './types.ts';
import { withComment } from './plan.ts';

/** The markers whose sites may take their roots from configuration instead. */
export const SOURCEABLE = new Set<ReasonCode>(['lifecycle', 'list-changed', 'background', 'shared-state', 'unresolved-chain']);

export interface SourceInput {
  f: FileContext;
  sites: RootsSite[];
  /** Server request sites the other planners leave marked, with their refusal. */
  candidates: Map<RootsSite, Unprovable>;
  typescript: boolean;
  names: () => { configured: string; capability: string };
  /** The run leaves no server roots request to the client: every remaining capability check reads this variable. */
  runVariable?: string;
  /** The name of the run's one MCP server, for a file that does not build it itself. */
  serverName?: string;
}

export interface SourcePlan {
  edits: TextEdit[];
  removed: Array<[number, number]>;
  outcomes: Map<RootsSite, StateOutcome>;
  /** Candidates that stay marked, with the reason configuration cannot replace their roots either. */
  failures: Map<RootsSite, Unprovable>;
  /** The variable this file's substituted requests read. */
  variable?: string;
  needs: { configured?: boolean; capability?: boolean };
}

const TRUST = 'the trust boundary moved';
const CAUGHT = 'No capability check gated the request, so a client without roots failed it and the code caught that: unset, the request fails the same way and the same catch runs';
const REFRESH_KEPT = "The client's list_changed check that installs this refresh is kept, inside the roots check that now asks for configuration: the refresh reads the same configured roots again";
const V1_LIFECYCLE = 'They are read only from oninitialized or the handlers it installs: after an upgrade to the v2 SDK a 2026-07-28 connection never runs those, so read them where the server is created then';
/** A request no capability check gates: unset, the configured reader would answer an empty list where the client without roots failed the request. */
const UNGATED = 'ungated';

export function planConfiguredSource(input: SourceInput): SourcePlan {
  const { f, sites, candidates } = input;
  const plan: SourcePlan = { edits: [], removed: [], outcomes: new Map(), failures: new Map(), needs: {} };
  const capabilities = sites.filter((s) => s.kind === 'capability' && s.side === 'server');
  const accepted: Array<{ site: RootsSite; replace: Node; promise: boolean; gates: RootsSite[]; lifecycleOnly: boolean; failing: boolean; refreshKept: boolean }> = [];
  for (const [site, refusal] of candidates) {
    const why = refusalOf(site, capabilities, f);
    // Ungated, the shape is not one this applies to at all: the original marker says all there is.
    if (why === UNGATED) continue;
    if (typeof why === 'string') plan.failures.set(site, new Unprovable(refusal.reason, `${refusal.message ? `${refusal.message}; ` : ''}roots from configuration cannot replace them either: ${why}`));
    else accepted.push({ site, ...why });
  }
  // A caught ungated request in a list_changed handler that only fetches the roots again goes with its handler instead.
  const gatedRequests = accepted.filter((a) => !a.failing).map((a) => a.site.node);
  const refetched = new Set<RootsSite>();
  for (const s of sites) {
    if (s.kind !== 'list-changed' || s.side !== 'server') continue;
    for (const r of refetchOnly(s, [...candidates.keys()].filter((c) => !gatedRequests.includes(c.node)), gatedRequests, f.prov, f.text)?.requests ?? []) refetched.add(r);
  }
  for (let i = accepted.length - 1; i >= 0; i--) if (accepted[i]!.failing && refetched.has(accepted[i]!.site)) accepted.splice(i, 1);
  const gates = new Set(accepted.flatMap((a) => a.gates));
  // A leftover check whose block still relies on its narrowing stays as it is (reported): it is not needed to retire a request.
  const replaced = accepted.map((a) => a.replace.range);
  const narrow = (g: RootsSite) => narrowedReads(g, f, [g.node.range, ...replaced]);
  const leftover = input.runVariable ? capabilities.filter((c) => !gates.has(c) && !readsListChanged(c) && !aliasReadsListChanged(c, f.prov) && typeof narrow(c) !== 'string') : [];
  if (accepted.length === 0 && leftover.length === 0) return plan;
  const names = input.names();
  const variable = accepted.length ? variableOf(accepted.map((a) => a.site), f, input.serverName) : input.runVariable!;
  const role = roleOf(accepted.map((a) => a.site), f);
  const configure: StateOutcome['configure'] = { env: variable, args: false, param: null, role };
  const detail = `${TRUST}: the roots now come from the ${variable} environment variable (directories separated by the platform path delimiter, or the client's roots as JSON, which keeps their names; read once and resolved with realpath) instead of from the client, shared by every session of the process; set ${variable} to the directories the client's roots listed, or to the client's roots/list answer itself (unset, the server takes its path for a client without roots and says so once on stderr)`;
  for (const a of accepted) {
    const call = `${names.configured}('${variable}')`;
    plan.edits.push({ start: a.replace.range[0], end: a.replace.range[1], text: a.failing ? failingCall(a.promise, call, `${names.capability}('${variable}')`, variable) : a.promise ? `Promise.resolve(${call})` : call });
    plan.removed.push(a.replace.range);
    const own = a.failing ? `${detail}. ${CAUGHT}` : a.refreshKept ? `${detail}. ${REFRESH_KEPT}` : detail;
    plan.outcomes.set(a.site, { detail: a.lifecycleOnly ? `${own}. ${V1_LIFECYCLE}` : own, configure });
  }
  const narrowed = new Set<string>();
  const substitute = (reads: RootsSite[], v: string, why: string) => {
    for (const g of reads) {
      plan.edits.push({ start: g.node.range[0], end: g.node.range[1], text: `${names.capability}('${v}')` });
      plan.removed.push(g.node.range);
      const found = narrow(g);
      // Two checks can narrow the same read: its edit is made once.
      const reads = typeof found === 'string' ? [] : found.filter((e) => !narrowed.has(`${e.start}:${e.end}`) && !!narrowed.add(`${e.start}:${e.end}`));
      plan.edits.push(...reads);
      const optional = reads.length ? `; the reads below it that relied on it now read optionally (a client without roots declares no list_changed either)` : '';
      plan.outcomes.set(g, { detail: `${TRUST}: ${why}${optional}`, configure: { ...configure, env: v } });
    }
    for (const alias of deadAlias(reads.map((r) => r.node), f.prov)) {
      plan.edits.push(withComment(f.text, removeStatement(f.text, alias)));
      plan.removed.push(alias.range);
    }
  };
  substitute([...gates], variable, `this check asked whether the client declared roots; it now asks whether ${variable} is set`);
  if (leftover.length) substitute(leftover, input.runVariable!, `this check asked whether the client declared roots; the run leaves no roots request to the client, so it now asks whether ${input.runVariable} is set`);
  const requests = accepted.map((a) => a.site.node);
  for (const s of sites) {
    if (s.kind !== 'list-changed' || s.side !== 'server') continue;
    const statement = refreshOnly(s, requests, f.prov);
    if (statement) {
      plan.edits.push(withComment(f.text, removeStatement(f.text, statement)));
      plan.removed.push(statement.range);
      plan.outcomes.set(s, { detail: `removed: it only refreshed roots that now come from ${variable}, which does not change while the process runs`, configure });
      continue;
    }
    // The handler fetches the roots itself and hands them where a substituted request's answer goes.
    const refetch = refetchOnly(s, [...candidates.keys()].filter((c) => !requests.includes(c.node)), requests, f.prov, f.text);
    if (!refetch) continue;
    plan.edits.push(withComment(f.text, removeStatement(f.text, refetch.statement)));
    plan.removed.push(refetch.statement.range);
    const why = `it only fetched the roots again into ${refetch.states.join(', ')}, which now come from ${variable} and do not change while the process runs; 2026-07-28 has no list_changed notification`;
    plan.outcomes.set(s, { detail: `removed: ${why}`, configure });
    for (const r of refetch.requests) {
      plan.failures.delete(r);
      plan.outcomes.set(r, { detail: `removed with its list_changed handler: ${why}`, configure });
    }
  }
  if (input.typescript) plan.edits.push(...unusedParameters([...accepted.map((a) => a.site.node), ...gates, ...leftover].map((n) => ('node' in n ? n.node : n)), plan.removed, f));
  plan.needs = { configured: accepted.length > 0, capability: gates.size + leftover.length > 0 || accepted.some((a) => a.failing) };
  if (accepted.length) plan.variable = variable;
  return plan;
}

/** What the substitution of one request needs, or why it cannot be made. */
function refusalOf(site: RootsSite, capabilities: readonly RootsSite[], f: FileContext): string | { replace: Node; promise: boolean; gates: RootsSite[]; lifecycleOnly: boolean; failing: boolean; refreshKept: boolean } {
  const use = resultUse(site.node, f.prov);
  if (typeof use === 'string') return use;
  const outward = outwardReach(use.replace, use.binding, f.text);
  if (outward) return `the roots reach code outside the package (${outward}), which asked for the client's roots, not the server's configuration`;
  const all = gatesOf(site.node, capabilities, f.prov);
  const gates = all.filter((g) => !readsListChanged(g));
  // A list_changed check is kept only inside a roots check that asks for configuration now (source/gates.ts).
  if (all.some((g) => readsListChanged(g) && !nestedUnderRootsCheck(g, gates))) return 'the fetch is gated on the client\'s list_changed support (roots.listChanged), which configuration has no equivalent for';
  for (const g of gates) {
    const read = aliasReadsListChanged(g, f.prov);
    if (read) return `the check at line ${g.line} is kept in a local that is read for listChanged (or handed on) at line ${locOf(read).start.line}, which configuration has no equivalent for (a configured check has no listChanged)`;
  }
  // Ungated, a client without roots failed the request: unset, the configured request fails too, where the code catches it.
  const failing = gates.length === 0;
  if (failing && !failureCaught(use.replace, use.promise, f.prov, use.thunk)) return UNGATED;
  // The v1 SDK speaks only 2025 revisions, where initialize always comes first.
  const lifecycleOnly = onlyFromLifecycle(site.node, f.prov, f.text);
  if (lifecycleOnly && site.sdk !== 1) return 'the roots are fetched only from oninitialized, a notifications/initialized or list_changed handler (or what they start), which a 2026-07-28 connection never runs, so configured roots would never load there';
  // Reads under a gate that relied on its narrowing: made optional, or the gate (and so the request) holds.
  for (const g of gates) {
    const reads = narrowedReads(g, f, [g.node.range, use.replace.range]);
    if (typeof reads === 'string') return `the check at line ${g.line} narrows what the code reads below it (${reads})`;
  }
  return { replace: use.replace, promise: use.promise, gates, lifecycleOnly, failing, refreshKept: all.length > gates.length };
}

/** The configured answer when the variable is set, else a failure like a client without roots answered: the code's own catch takes it. */
function failingCall(promise: boolean, call: string, configured: string, variable: string): string {
  const failure = `Promise.reject(new Error('${variable} is not set: no roots are configured'))`;
  return promise ? `(${configured} ? Promise.resolve(${call}) : ${failure})` : `await (${configured} ? ${call} : ${failure})`;
}

/** `<SERVER>_ROOTS`, unless the state the roots feed already reads an environment variable. */
function variableOf(requests: readonly RootsSite[], f: FileContext, serverName: string | undefined): string {
  for (const r of requests) {
    const { states } = analyzeState(r.node, f.prov, f.text);
    const found = states.length === 1 ? existingConfiguration(states[0]!, f.prov, f.text, []) : undefined;
    if (found?.env) return found.env;
  }
  return `${serverPrefix(f.ast, f.prov, serverName)}_ROOTS`;
}

function roleOf(requests: readonly RootsSite[], f: FileContext): 'sandbox' | 'workspace' | null {
  // Only what the readers do counts here: every roots cache is named after roots, which says nothing of its use.
  const roles = new Set(requests.map((r) => analyzeState(r.node, f.prov, f.text).roleByUse));
  return roles.size === 1 ? ([...roles][0] ?? null) : null;
}

/** A parameter only the substituted code used (`fetchRoots(server)`) becomes `_server`, so `noUnusedParameters` projects stay clean. */
function unusedParameters(changed: readonly Node[], removed: ReadonlyArray<[number, number]>, f: FileContext): TextEdit[] {
  const edits: TextEdit[] = [];
  const seen = new Set<Node>();
  const gone = (n: Node) => removed.some(([s, e]) => n.range[0] >= s && n.range[1] <= e);
  for (const node of changed) {
    for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
      for (const param of fn.params) {
        if (param.type !== 'Identifier' || seen.has(param) || param.name.startsWith('_') || new RegExp(`\\b_${param.name}\\b`).test(f.text.slice(fn.range[0], fn.range[1]))) continue;
        seen.add(param);
        const refs = f.prov.variableOf(param)?.references.filter((r) => !contains(param, r.identifier as Node)) ?? [];
        if (refs.length && refs.every((r) => gone(r.identifier as Node))) edits.push(insert(param.range[0], '_'));
      }
    }
  }
  return edits;
}
