// The MRTR strategy for one file (ESLint suggestions, jscodeshift) or a whole run (the CLI): rewrite
// push-style roots requests reached from tools/call, prompts/get and resources/read handlers into the
// write-once multi round-trip form, and mark everything it cannot prove.
import type { TSESTree } from '@typescript-eslint/types';
import type { ScopeManagerLike } from '@uproot/core/planning';
import { type TextEdit, applyEdits } from '@uproot/core/planning';
import { dedupeMarkers, planMarker, planMarkerRemoval } from '@uproot/core/planning';
import type { FilePlan, SiteOutcome } from '../outcome.ts';
import { type HandlerChain, type ProjectIndex, type Retired, type SitePlan, handlerCallbacksReaching, planSite, pushChains } from './chains.ts';
import { listHandlerDetail } from './list-detail.ts';
import { PushRequestsByHandler, isPushRequest, pushRequestDetail } from '../push-requests.ts';
import { importedPushRequests } from '../imported-push-requests.ts';
import { lazyGuardEdits } from './lazy.ts';
import { NotSessionFill, planSessionFill, sessionMapOf } from './session-fill.ts';
import { NotStartupFetch, planStartupRetire } from './startup-fetch.ts';
import { ONE_CLIENT_NOTE, planLifecycle } from './lifecycle.ts';
import { planClientEraGuards } from '../client-era-guard.ts';
import { type DerivedState, buildRewrite } from './rewrite.ts';
import { splitsInHandler } from './request-options.ts';
import type { RootsSite } from '@uproot/core/planning';
import { type Unit, Unprovable, makeUnit } from './unit.ts';
import { V1_STILL_MARKED } from '@uproot/core/planning';
import type { ReasonCode } from '@uproot/core/planning';
import { type FunctionNode, type Node, enclosingFunction, functionName } from '@uproot/core/planning';
import { handsAnswer, splitFormOf } from './helper-ask.ts';
import { type PushRound, PushHold, planPushRound, rootsPosition } from './push-round.ts';
import { STATE_KEY_ENV } from './request-state.ts';
import { type UncalledSplit, splitUncalledHelper, splitImports } from './uncalled.ts';
import type { PushRequest } from '../push-requests.ts';
import type { SharedHelpers } from '../shared-helpers/names.ts';

/** What a handler whose rounds carry signed requestState needs where the server is launched. */
const STATE_KEY_CONFIGURE: NonNullable<SiteOutcome['configure']> = { env: STATE_KEY_ENV, args: false, param: null, role: null };

const LAZY_NOTE = 'the cache is no longer kept: the getter derives it from each request\'s own roots answer';

export interface MrtrInput {
  text: string;
  filePath: string;
  ast: TSESTree.Program;
  scopeManager: ScopeManagerLike;
  /** Plan only the request site starting at this offset, without markers (ESLint suggestions). */
  onlySiteAt?: number;
  /** The file already analysed for an earlier site of the same file (planning reads it, never changes it). */
  unit?: Unit;
  /** Import the helper functions from a shared module (`uproot migrate` when the project planner crashed). */
  sharedHelpers?: SharedHelpers;
  /** Where the run started: the callers' boundary for a file no package.json or repository holds. */
  cwd?: string;
  /** Plan only these handlers' push requests (MrtrOptions.pushOnly). */
  pushOnly?: MrtrOptions['pushOnly'];
}

export function planMrtr(input: MrtrInput): FilePlan {
  const unit = input.unit ?? makeUnit(input.filePath, input.text, input.ast, input.scopeManager, undefined, input.cwd);
  const options: MrtrOptions = { ...(input.sharedHelpers ? { sharedHelpers: input.sharedHelpers } : {}), ...(input.pushOnly ? { pushOnly: input.pushOnly } : {}) };
  return planUnits([unit], undefined, input.onlySiteAt, options).get(unit)!;
}

/** Plan several files together so helper chains can cross between them. */
export interface MrtrOptions {
  /** `per-request`: retire init fetches / list_changed refreshes into per-call derivations (opt-in). */
  lifecycle?: 'keep' | 'per-request';
  /** `uproot migrate` over several files: import the helper functions from a shared module instead of writing them into each file. */
  sharedHelpers?: SharedHelpers;
  /** `--to param` after its rewrite (param-push/): plan only some handlers' push requests. */
  pushOnly?: PushOnly;
  /** `--with-sdk-upgrade` held the upgrade back: why, appended to every v1-sdk outcome's detail. */
  upgradeHeld?: string;
}

/**
 * Plan only the push requests (elicitation, sampling), of handlers that make no roots request; roots sites are left
 * as they are, unreported. Each plan lists the handlers whose requests stay push-style in `pushStayed`. `replaySafe`: per file,
 * functions whose calls only read (param's generated directory checks), which a handler may run again on every round.
 */
export interface PushOnly {
  replaySafe?(file: string): ReadonlySet<string>;
}

export function planUnits(units: Unit[], project: ProjectIndex | undefined, onlySiteAt?: number, options: MrtrOptions = {}): Map<Unit, FilePlan> {
  // A helper's request split for one handler while a roots request is threaded through the same helper: the
  // round is held, and the run planned again.
  const blocked = new Set<RootsSite>();
  for (;;) {
    const { result, broken } = planUnitsOnce(units, project, onlySiteAt, options, blocked);
    const fresh = [...broken].filter((site) => !blocked.has(site));
    if (!fresh.length) return result;
    for (const site of fresh) blocked.add(site);
  }
}

function planUnitsOnce(units: Unit[], project: ProjectIndex | undefined, onlySiteAt: number | undefined, options: MrtrOptions, blocked: ReadonlySet<RootsSite>): { result: Map<Unit, FilePlan>; broken: Set<RootsSite> } {
  const outcomes = new Map<Unit, SiteOutcome[]>(units.map((u) => [u, []]));
  const plans: SitePlan[] = [];
  const derived: DerivedState[] = [];
  const retired = new Set<RootsSite>();
  const stateFailures = new Map<RootsSite, Unprovable>();
  const handedFailures = new Map<RootsSite, Unprovable>();
  const guardEdits = new Map<Unit, TextEdit[]>();
  const lazy = new Set<RootsSite>();
  /** Helpers nothing calls, split into the roots request they made and the answer they now take. */
  const uncalledSplits = new Map<Unit, UncalledSplit[]>();
  /** A chain that ends nowhere may end in a helper nothing calls: split it, or keep why the chain failed. */
  const splitOrMark = (site: RootsSite, unit: Unit, error: Unprovable): SiteOutcome => {
    if (error.reason !== 'unresolved-chain' || onlySiteAt !== undefined) return { site, outcome: 'marked', reason: error.reason, detail: error.message };
    try {
      const split = splitUncalledHelper(site, unit, project, error);
      if (site.sdk !== 2) return { site, outcome: 'marked', reason: 'v1-sdk', detail: withHeld(split.onceUpgraded, options.upgradeHeld) };
      uncalledSplits.set(unit, [...(uncalledSplits.get(unit) ?? []), split]);
      return { site, outcome: 'rewritten', detail: split.detail, dormant: true };
    } catch (held) {
      if (!(held instanceof Unprovable)) throw held;
      return { site, outcome: 'marked', reason: held.reason, detail: held.message };
    }
  };
  const perRequest = options.lifecycle === 'per-request' && onlySiteAt === undefined && !options.pushOnly;
  if (options.pushOnly?.replaySafe) for (const unit of units) unit.replaySafe = options.pushOnly.replaySafe(unit.path);
  if (perRequest) {
    for (const unit of units) {
      const lifecycle = planLifecycle(unit, project);
      for (const [site, failure] of lifecycle.failures) stateFailures.set(site, failure);
      // A fetcher a hook hands to a fill is a function passed as a value to scan, so its site is a chain candidate
      // too: why the fill could not be replayed says more than where its chain ends.
      for (const [site, failure] of lifecycle.failures) handedFailures.set(site, failure);
      // v1 has no MRTR: state derivable once upgraded is marked v1-sdk, and nothing of v2 is written into the file.
      if ([...lifecycle.covered].some((site) => site.sdk !== 2)) {
        for (const site of lifecycle.covered) stateFailures.set(site, new Unprovable('v1-sdk', withHeld(V1_DERIVABLE, options.upgradeHeld)));
        continue;
      }
      derived.push(...lifecycle.derived);
      for (const site of lifecycle.covered) {
        retired.add(site);
        const note = lifecycle.notes.get(site);
        outcomes.get(unit)!.push({ site, outcome: 'rewritten', detail: note ? `${ONE_CLIENT_NOTE}; ${note}` : ONE_CLIENT_NOTE });
      }
    }
  }
  const pushRequests = pushRequestsByHandler(units, project);
  const rounds = pushRounds(pushRequests, units, project, blocked);
  /** Rounds the rewrite uses: with a roots plan, or alone (a handler that only elicits or samples). */
  const usedRounds = new Set<PushRound>();
  const importersCache = new Map<string, readonly string[] | undefined>();
  const importersOf = (file: string) => {
    if (!importersCache.has(file)) importersCache.set(file, importers(file, project));
    return importersCache.get(file);
  };
  /** Push requests of helpers the handler imports from modules outside the run (one file given): read, never written. */
  const outsideRun = (fns: FunctionNode[], unit: Unit) => importedPushRequests(fns, unit).filter((r) => !units.some((u) => u.path === r.file));
  /** The plan, or why it is held back: a handler it rewrites also elicits or samples push-style. */
  const planOrHold = (site: RootsSite, unit: Unit, skip?: Retired): SitePlan => {
    const plan = planSite(site, unit, project, skip);
    const fns = plan.chains.flatMap((c) => [c.callback, ...c.hops.map((h) => h.fn)]);
    // Planned alone, the file's handlers may still call a helper of another file that elicits or samples.
    const imported = project ? [] : importedPushRequests(fns, unit);
    // With a project, helpers outside the run hold a plan nothing else holds (asked last, so a handler held by
    // its own requests is described the same whatever the layout).
    const orOutside = (): SitePlan => {
      const outside = project ? outsideRun(fns, unit) : [];
      if (outside.length) throw new Unprovable('push-request', pushRequestDetail(outside, unit.path, []));
      return plan;
    };
    if (!pushRequests.size && !imported.length) return orOutside();
    const traced = [...pushRequests.of(plan.chains.map((c) => c.callback)), ...imported];
    const untraced = [...new Set(plan.chains.map((c) => c.unit.path))].flatMap((file) => pushRequests.untracedFor(file, importersOf));
    const held = () => pushRequestDetail([...traced, ...untraced], unit.path, untraced);
    if (untraced.length || imported.length) throw new Unprovable('push-request', held());
    if (!traced.length) return orOutside();
    // Every handler of the plan that elicits or samples must move those requests with its roots request.
    const moving: { round: PushRound; at: number; group?: Node }[] = [];
    for (const chain of plan.chains) {
      if (!pushRequests.of([chain.callback]).length) continue;
      const round = rounds.get(chain.callback);
      // v1 requests hold as they always did: the v1-sdk marker already says the SDK comes first.
      if (traced.some((r) => r.site.sdk !== 2)) throw new Unprovable('push-request', held());
      if (!round) throw new Unprovable('push-request', held());
      try {
        if (round instanceof Unprovable) throw round;
        moving.push({ round, ...rootsPosition(round, plan) });
      } catch (error) {
        if (!(error instanceof Unprovable)) throw error;
        throw new Unprovable('push-request', whyHeld(held(), traced, error));
      }
    }
    orOutside();
    for (const { round, at, group } of moving) {
      if (round.rootsAt === undefined || at < round.rootsAt) {
        round.rootsAt = at;
        if (group) round.rootsGroup = group;
      }
      usedRounds.add(round);
    }
    return plan;
  };
  // Roots kept per session, read back by the handlers through the function that fills them (session-fill.ts).
  const sessionNotes = new Map<RootsSite, string>();
  const sessionEdits = new Map<Unit, TextEdit[]>();
  if (perRequest) {
    for (const unit of units) {
      for (const site of unit.sites) {
        if (site.kind !== 'request' || site.side !== 'server' || retired.has(site) || !sessionMapOf(site, unit)) continue;
        try {
          const fill = planSessionFill(site, unit, project);
          // v1 has no MRTR: a session map it could derive is marked v1-sdk, as other derivable state is (and says why
          // an upgrade was held); why one cannot be derived is said in the catch below.
          if (site.sdk !== 2) {
            stateFailures.set(site, new Unprovable('v1-sdk', withHeld(V1_DERIVABLE, options.upgradeHeld)));
            continue;
          }
          plans.push(planOrHold(site, unit, fill.retired));
          for (const [u, edits] of fill.edits) sessionEdits.set(u, [...(sessionEdits.get(u) ?? []), ...edits]);
          retired.add(site);
          sessionNotes.set(site, fill.detail);
          for (const s of fill.covered) {
            retired.add(s);
            outcomes.get(unit)!.push({ site: s, outcome: 'rewritten', detail: fill.detail });
          }
        } catch (error) {
          if (!(error instanceof Unprovable)) throw error;
          if (!(error instanceof NotSessionFill)) stateFailures.set(site, error.reason === 'push-request' ? error : new Unprovable(site.reason ?? error.reason, error.message));
        }
      }
    }
  }
  // A fetcher run once after connect and by handlers through its value handed on: the start-up call goes, the
  // handlers' calls ask per request (startup-fetch.ts). Where it cannot, the marker says why, as lifecycle.
  if (perRequest) {
    for (const unit of units) {
      for (const site of unit.sites) {
        if (site.kind !== 'request' || site.side !== 'server' || (site.reason !== 'lifecycle' && site.reason !== 'unresolved-chain') || retired.has(site)) continue;
        const mark = (reason: ReasonCode, detail: string) => {
          retired.add(site);
          outcomes.get(unit)!.push({ site, outcome: 'marked', reason, detail });
        };
        try {
          const start = planStartupRetire(site, unit);
          const plan = planOrHold(site, unit, start.retired);
          // v1 has no MRTR: derivable once upgraded, as other derivable state is marked.
          if (site.sdk !== 2) {
            mark('v1-sdk', withHeld(start.onceUpgraded, options.upgradeHeld));
            continue;
          }
          plans.push(plan);
          for (const [u, edits] of start.edits) sessionEdits.set(u, [...(sessionEdits.get(u) ?? []), ...edits]);
          retired.add(site);
          sessionNotes.set(site, `${ONE_CLIENT_NOTE}; ${start.detail}`);
        } catch (error) {
          if (!(error instanceof Unprovable)) throw error;
          if (!(error instanceof NotStartupFetch)) mark(error.reason === 'push-request' || site.sdk !== 2 ? (site.sdk !== 2 ? 'v1-sdk' : error.reason) : 'lifecycle', site.sdk !== 2 ? withHeld(`${V1_STILL_MARKED} ([lifecycle] ${error.message})`, options.upgradeHeld) : error.message);
        }
      }
    }
  }
  for (const unit of units) {
    const out = outcomes.get(unit)!;
    for (const site of unit.sites) {
      if (retired.has(site) || (options.pushOnly && !isPushRequest(site))) continue;
      if (onlySiteAt !== undefined && !(site.kind === 'request' && site.range[0] === onlySiteAt)) continue;
      // Chains the file-local classifier could not close (factories, exported helpers) get a second look here.
      // A handler's request bounded by its own options is split by era (request-options.ts), whole runs only.
      const candidate = site.kind === 'request' && (site.action === 'rewrite' || (site.reason === 'unresolved-chain' && site.sdk === 2) || (onlySiteAt === undefined && !options.pushOnly && splitsInHandler(site, unit.prov)));
      if (perRequest && site.kind === 'request' && site.side === 'server' && site.reason === 'shared-state' && site.sdk === 2) {
        try {
          // The getter's guard goes and its request is threaded: both or neither.
          const edits = lazyGuardEdits(site, unit);
          plans.push(planOrHold(site, unit));
          guardEdits.set(unit, [...(guardEdits.get(unit) ?? []), ...edits]);
          lazy.add(site);
        } catch (error) {
          if (!(error instanceof Unprovable)) throw error;
          out.push({ site, outcome: 'marked', reason: error.reason === 'push-request' ? error.reason : site.reason, detail: error.message });
        }
      } else if (candidate) {
        try {
          plans.push(planOrHold(site, unit));
        } catch (error) {
          if (!(error instanceof Unprovable)) throw error;
          const handed = error.reason === 'push-request' ? undefined : handedFailures.get(site);
          // A bounded request that cannot be split keeps its own marker, with what held the split.
          if (site.reason === 'timeout-control') out.push({ site, outcome: 'marked', reason: 'timeout-control', detail: `the request bounds its wait, and uproot splits such a request by era only where it can rewrite it: ${error.message}` });
          else out.push(handed ? { site, outcome: 'marked', reason: handed.reason, detail: handed.message } : splitOrMark(site, unit, error));
        }
      } else if (site.kind === 'request' && site.sdk === 1 && (site.reason === 'v1-sdk' || site.reason === 'unresolved-chain') && onlySiteAt === undefined) {
        out.push(v1Outcome(site, unit, planOrHold, splitOrMark, options.upgradeHeld));
      } else if (site.kind === 'list-changed' && site.side === 'client') {
        continue; // the era guard below decides, whatever scan's action says
      } else if (site.action === 'mark' && site.reason) {
        const failure = stateFailures.get(site);
        // A held upgrade, and a bound on the request's wait (request-options.ts), say more than the state's kind.
        const reason = failure?.reason === 'v1-sdk' || failure?.reason === 'timeout-control' ? failure.reason : site.reason;
        const detail = failure?.message ?? (reason === 'list-handler' ? listHandlerDetail(site, unit) : undefined);
        out.push({ site, outcome: 'marked', reason, ...(detail ? { detail } : {}) });
      } else if (isPushRequest(site)) {
        continue; // decided below, once every roots plan has taken its rounds
      } else if (site.kind !== 'capability' || site.side !== 'server') {
        out.push({ site, outcome: 'reported' });
      }
    }
  }
  // A request split by era (request-options.ts) has its handlers skip the ask on 2025-era connections: a handler that
  // also asks another way would be asked there anyway, through the legacy shim's 10-minute round. Such a request (a
  // handler's, or a fill's with its whole group) keeps its marker.
  // Removing a split plan leaves the other handlers' asks as they were: one set serves both checks.
  const asking = plainAskers(derived, plans);
  for (const plan of mixedSplitPlans(asking, plans)) {
    plans.splice(plans.indexOf(plan), 1);
    retired.delete(plan.site);
    outcomes.get(plan.unit)?.push({ site: plan.site, outcome: 'marked', reason: 'timeout-control', detail: MIXED_ERA_SPLIT });
  }
  for (const group of mixedEraSplits(asking, derived)) {
    for (let i = derived.length - 1; i >= 0; i--) if (derived[i]!.eraSplit === group) derived.splice(i, 1);
    for (const site of group.covered) {
      retired.delete(site);
      for (const out of outcomes.values()) {
        const at = out.findIndex((o) => o.site === site);
        if (at < 0) continue;
        // Each site gets what it got without the fill's plan: the request this marker, a gate the loop below.
        if (site.kind === 'request') out[at] = { site, outcome: 'marked', reason: 'timeout-control', detail: MIXED_ERA_SPLIT };
        else if (site.kind === 'capability') out.splice(at, 1);
        else out[at] = site.action === 'mark' && site.reason ? { site, outcome: 'marked', reason: site.reason } : { site, outcome: 'reported' };
      }
    }
  }
  // A handler that only elicits or samples moves those requests into a round of their own.
  const planned = new Set(plans.flatMap((p) => p.chains.map((c) => c.callback)));
  // A handler whose roots request stays (held, marked) or whose roots state is derived keeps its other requests too.
  const keepsRoots = new Set<FunctionNode>(derived.map((d) => d.chain.callback));
  for (const unit of units) {
    for (const site of unit.sites) {
      if (site.kind !== 'request' || site.side !== 'server' || plans.some((p) => p.site === site)) continue;
      for (const callback of handlerCallbacksReaching(site, unit, project).callbacks) keepsRoots.add(callback);
    }
  }
  /** Handlers whose round is held by a helper outside the run, with that helper's requests. */
  const heldOutside = new Map<FunctionNode, PushRequest[]>();
  if (onlySiteAt === undefined) {
    for (const [handler, round] of rounds) {
      if (round instanceof Unprovable || planned.has(handler) || keepsRoots.has(handler) || pushRequests.untracedFor(round.chain.unit.path, importersOf).length) continue;
      // A helper outside the run that also asks the client holds the round: never a half rewrite.
      const held = outsideRun([round.chain.callback, ...round.chain.hops.map((h) => h.fn)], round.chain.unit);
      if (held.length) heldOutside.set(handler, held);
      else usedRounds.add(round);
    }
  }
  const rewritten = new Set([...usedRounds].flatMap((r) => r.requests.map((q) => q.site)));
  // Rounds that carry signed requestState need the key every serving process shares (the JSON report's `configure`).
  const signed = new Set([...usedRounds].flatMap((r) => (r.state ? r.requests.map((q) => q.site) : [])));
  // A split helper keeps its push request only as the fallback of callers that hand it no answer: marked, never silent.
  const fallbacks = new Map<RootsSite, Fallback>();
  for (const round of usedRounds) {
    for (const q of round.requests) {
      if (!q.via || fallbacks.has(q.site)) continue;
      const kept = stillPushed(q.site, pushRequests, usedRounds, units);
      if (kept) fallbacks.set(q.site, kept);
    }
  }
  for (const round of usedRounds) for (const q of round.requests) if (q.via) q.via.fallback = fallbacks.get(q.site)?.detail;
  for (const unit of units) {
    if (onlySiteAt !== undefined) break;
    for (const site of unit.sites) {
      if (!isPushRequest(site)) continue;
      const kept = fallbacks.get(site) ?? splitStillPushed(site, pushRequests, units, rewritten);
      if (kept) outcomes.get(unit)!.push({ site, outcome: 'marked', ...kept });
      else if (rewritten.has(site)) outcomes.get(unit)!.push({ site, outcome: 'rewritten', ...(signed.has(site) ? { configure: STATE_KEY_CONFIGURE } : {}) });
      else outcomes.get(unit)!.push({ site, outcome: 'reported', ...heldDetail(site, rounds), ...heldByOutside(site, unit) });
    }
  }
  function heldByOutside(site: RootsSite, unit: Unit): { detail?: string } {
    for (const [handler, held] of heldOutside) {
      if (rounds.get(handler) instanceof Unprovable) continue;
      if ((rounds.get(handler) as PushRound).requests.some((q) => q.site === site)) return { detail: pushRequestDetail(held, unit.path, []) };
    }
    return {};
  }
  const stayed = options.pushOnly ? stayedHandlers(pushRequests, rounds, usedRounds, heldOutside, units) : [];
  const broken = splitHelpersBroken(rounds, usedRounds, plans);
  if ([...broken].some((site) => !blocked.has(site))) return { result: new Map(), broken };
  const rewrite = buildRewrite(plans, derived, options.sharedHelpers, [...usedRounds], sessionEdits);
  for (const plan of plans) outcomes.get(plan.unit)?.push({ site: plan.site, outcome: 'rewritten', ...(lazy.has(plan.site) ? { detail: LAZY_NOTE } : sessionNotes.has(plan.site) ? { detail: sessionNotes.get(plan.site) } : {}) });
  const result = new Map<Unit, FilePlan>();
  for (const unit of units) {
    const out = outcomes.get(unit)!;
    for (const site of unit.sites) {
      if (options.pushOnly) break;
      if (site.kind === 'capability' && site.side === 'server' && !retired.has(site) && (onlySiteAt === undefined || rewrite.gates.has(site))) {
        out.push({ site, outcome: rewrite.gates.has(site) ? 'rewritten' : 'reported' });
      }
    }
    const markers =
      onlySiteAt !== undefined
        ? []
        : dedupeMarkers(out.flatMap((o) => (o.outcome === 'marked' && o.reason ? [planMarker(unit.text, o.site.node, o.reason, o.detail)] : [])).filter((e): e is TextEdit => !!e));
    // Under both strategies, client sends of roots list_changed get an era guard (2026-07-28 has none).
    const guards = onlySiteAt === undefined && !options.pushOnly ? planClientEraGuards({ text: unit.text, ast: unit.ast, scopeManager: unit.scopeManager, sites: unit.sites }) : { edits: [], outcomes: [] };
    out.push(...guards.outcomes);
    const guardMarkers = guards.outcomes.flatMap((o) => (o.outcome === 'marked' && o.reason ? [planMarker(unit.text, o.site.node, o.reason, o.detail)] : [])).filter((e): e is TextEdit => !!e);
    // A site rewritten now may carry the marker of an earlier run (fixed since): it goes.
    const stale = dedupeMarkers(out.filter((o) => o.outcome === 'rewritten').map((o) => planMarkerRemoval(unit.text, o.site.node)).filter((e): e is TextEdit => !!e));
    const splits = uncalledSplits.get(unit) ?? [];
    const splitEdits = splits.length ? [...splits.flatMap((x) => x.edits), ...splitImports(unit, splits.flatMap((x) => x.imports), rewrite.edits.get(unit) ?? [])] : [];
    const edits = [...(rewrite.edits.get(unit) ?? []), ...(guardEdits.get(unit) ?? []), ...splitEdits, ...markers, ...guards.edits, ...dedupeMarkers(guardMarkers), ...stale];
    // Prove the edits compose before anyone writes them.
    applyEdits(unit.text, edits);
    result.set(unit, { edits, outcomes: out.sort((a, b) => a.site.range[0] - b.site.range[0]), ...helpersOf(rewrite.helpers, unit), ...stayedIn(unit, stayed, options) });
  }
  // Files outside `units` that a cross-file chain reaches (callers without roots sites of their own).
  for (const [unit, edits] of rewrite.edits) {
    if (result.has(unit)) continue;
    applyEdits(unit.text, edits);
    result.set(unit, { edits, outcomes: [], ...helpersOf(rewrite.helpers, unit), ...stayedIn(unit, stayed, options) });
  }
  return { result, broken };
}

const MIXED_ERA_SPLIT = "the request bounds its wait, so uproot would keep it as written for 2025-era connections, whose handlers it then does not ask at their entry; but a handler it serves also asks for roots another way, which the SDK's legacy shim would ask there with its own round timeout (10 minutes by default)";

/** The handlers that ask for roots other than by an era split: a plain plan's, a plain fill's. */
function plainAskers(derived: readonly DerivedState[], plans: readonly SitePlan[]): Set<Node> {
  return new Set<Node>([...plans.filter((p) => !p.eraSplit).flatMap((p) => p.chains.map((c) => c.callback)), ...derived.filter((d) => !d.eraSplit).map((d) => d.chain.callback)]);
}

/** The era-split handler requests one of whose handlers also asks for roots another way. */
function mixedSplitPlans(asking: ReadonlySet<Node>, plans: readonly SitePlan[]): SitePlan[] {
  return plans.filter((p) => p.eraSplit && p.chains.some((c) => asking.has(c.callback)));
}

/** The era-split fills (request-options.ts) one of whose handlers also asks for roots another way. */
function mixedEraSplits(asking: ReadonlySet<Node>, derived: readonly DerivedState[]): Set<NonNullable<DerivedState['eraSplit']>> {
  return new Set(derived.flatMap((d) => (d.eraSplit && asking.has(d.chain.callback) ? [d.eraSplit] : [])));
}

/** A handler whose push requests stay push-style, with the requests and why (`--to param`'s move holds it whole). */
interface Stayed {
  unit: Unit | undefined;
  at: number;
  requests: PushRequest[];
  why?: string;
}

/** Under `pushOnly`, the unit's handlers whose push requests stay. */
function stayedIn(unit: Unit, stayed: Stayed[], options: MrtrOptions): Pick<FilePlan, 'pushStayed'> {
  if (!options.pushOnly) return {};
  return { pushStayed: stayed.filter((s) => s.unit === unit).map(({ at, requests, why }) => ({ at, requests, ...(why ? { why } : {}) })) };
}

/** Every handler with push requests that no used round moves, and why. */
function stayedHandlers(pushRequests: PushRequestsByHandler, rounds: Map<FunctionNode, PushRound | Unprovable>, used: ReadonlySet<PushRound>, heldOutside: Map<FunctionNode, PushRequest[]>, units: Unit[]): Stayed[] {
  const moved = new Set([...used].map((r) => r.chain.callback));
  return pushRequests.handlers().flatMap(([handler, requests]): Stayed[] => {
    if (moved.has(handler)) return [];
    let root: Node = handler;
    while (root.parent) root = root.parent;
    const unit = units.find((u) => u.ast === root) ?? handlerUnits.get(handler);
    const round = rounds.get(handler);
    const outside = heldOutside.get(handler);
    const why = round instanceof Unprovable ? round.message : outside ? `${pushRequestDetail(outside, unit?.path ?? '', [])} too, outside the run` : round ? 'uproot could not trace every caller of a push request it may reach' : undefined;
    return [{ unit, at: handler.range[0], requests, ...(why ? { why } : {}) }];
  });
}

/** Requests a used round would split in a helper that a roots request is also threaded through: planned again with them held. */
function splitHelpersBroken(rounds: Map<FunctionNode, PushRound | Unprovable>, used: ReadonlySet<PushRound>, plans: SitePlan[]): Set<RootsSite> {
  const rootsHops = new Set(plans.flatMap((p) => p.chains.flatMap((c) => c.hops.map((h) => h.fn))));
  const broken = new Set<RootsSite>();
  for (const round of rounds.values()) {
    if (round instanceof Unprovable || !used.has(round)) continue;
    for (const r of round.requests) if (r.via && rootsHops.has(r.via.fn)) broken.add(r.site);
  }
  return broken;
}

/** The file of each handler with push requests (a handler asking only through helpers may be in a file outside the run). */
const handlerUnits = new WeakMap<FunctionNode, Unit>();

/** Each handler's round, or why its requests cannot move. */
function pushRounds(pushRequests: PushRequestsByHandler, units: Unit[], project: ProjectIndex | undefined, blocked: ReadonlySet<RootsSite>): Map<FunctionNode, PushRound | Unprovable> {
  const out = new Map<FunctionNode, PushRound | Unprovable>();
  // The chains from requests made in helpers to the handlers that call those helpers.
  const viaHelper = new Map<RootsSite, HandlerChain[]>();
  for (const [, requests] of pushRequests.handlers()) {
    for (const r of requests) {
      const unit = units.find((u) => u.path === r.file);
      if (viaHelper.has(r.site) || !unit) continue;
      try {
        viaHelper.set(r.site, pushChains(r.site, unit, project));
      } catch (error) {
        if (!(error instanceof Unprovable)) throw error;
        viaHelper.set(r.site, []);
      }
    }
  }
  for (const [handler, requests] of pushRequests.handlers()) {
    let root: Node = handler;
    while (root.parent) root = root.parent;
    // A handler that asks only through helpers may be in a file with no site of its own: its chains know it.
    const unit = units.find((u) => u.ast === root) ?? [...viaHelper.values()].flat().find((c) => c.callback === handler)?.unit;
    if (unit) handlerUnits.set(handler, unit);
    try {
      if (!unit) throw new Unprovable('push-request', 'the handler is in another file than its requests');
      out.set(handler, planPushRound(handler, requests, unit, viaHelper, units));
    } catch (error) {
      if (!(error instanceof Unprovable)) throw error;
      out.set(handler, error);
    }
  }
  holdBlockedHelpers(out, blocked);
  return out;
}

/** A helper whose request would be split while a roots request is threaded through it is held (planned again). */
function holdBlockedHelpers(rounds: Map<FunctionNode, PushRound | Unprovable>, blocked: ReadonlySet<RootsSite>): void {
  for (const [handler, round] of rounds) {
    if (round instanceof Unprovable) continue;
    const r = round.requests.find((q) => q.via && blocked.has(q.site));
    if (r) rounds.set(handler, new PushHold(r.site, `${functionName(r.via!.fn) ?? 'the helper'}() that makes it also requests roots, which uproot threads through it, and splitting it too is not supported yet`));
  }
}

/**
 * A request split out of a helper for some handlers, which the helper still makes push-style for its other callers:
 * why it is left, naming those callers.
 */
function stillPushed(site: RootsSite, pushRequests: PushRequestsByHandler, used: ReadonlySet<PushRound>, units: Unit[]): Fallback | undefined {
  const moved = [...used].filter((r) => r.requests.some((q) => q.site === site && q.via));
  if (!moved.length) return undefined;
  const helper = `${functionName(moved[0]!.requests.find((q) => q.site === site)!.via!.fn) ?? 'the helper'}()`;
  return pushedFor(site, helper, new Set(moved.map((r) => r.chain.callback)), pushRequests, units);
}

/** The fallback of a helper an earlier run split, which a caller uproot could not move still reaches. */
function splitStillPushed(site: RootsSite, pushRequests: PushRequestsByHandler, units: Unit[], rewritten: ReadonlySet<RootsSite>): Fallback | undefined {
  const fn = enclosingFunction(site.node);
  if (rewritten.has(site) || !fn || !splitFormOf(site, fn)) return undefined;
  return pushedFor(site, `${functionName(fn) ?? 'the helper'}()`, new Set(), pushRequests, units);
}

/**
 * A split helper's push request, kept for its callers that hand no answer: `push-request` when a handler uproot held
 * back still needs it, `unresolved-chain` when only callers uproot could not trace to a handler do.
 */
interface Fallback {
  reason: 'push-request' | 'unresolved-chain';
  detail: string;
}

function pushedFor(site: RootsSite, helper: string, movedHandlers: ReadonlySet<FunctionNode>, pushRequests: PushRequestsByHandler, units: Unit[]): Fallback | undefined {
  const others = pushRequests.handlers().flatMap(([h, requests]) => (!movedHandlers.has(h) && requests.some((q) => q.site === site) ? [h] : []));
  const untraced = pushRequests.isUntraced(site);
  if (!others.length && !untraced) return undefined;
  const where = (fn: FunctionNode): string => {
    let root: Node = fn;
    while (root.parent) root = root.parent;
    const unit = units.find((u) => u.ast === root) ?? handlerUnits.get(fn);
    return unit ? `${unit.path.split(/[\\/]/).pop()}:${unit.text.slice(0, fn.range[0]).split('\n').length}` : 'another file';
  };
  const callers = [...others.map((h) => `the handler at ${where(h)}`), ...(untraced ? ['callers uproot could not trace to a handler'] : [])];
  const detail = `${helper} now takes the answer from the handlers uproot moved to multi round-trip requests, and still asks push-style for ${callers.join(', ')}`;
  return { reason: others.length ? 'push-request' : 'unresolved-chain', detail };
}

/** The marker's detail: what holds the handler back, then why the first request that cannot move cannot. */
function whyHeld(held: string, traced: PushRequest[], error: Unprovable): string {
  if (!(error instanceof PushHold)) return `${held}; ${error.message}`;
  const alone = traced.length === 1 && traced[0]!.site === error.site;
  return alone ? `${held}, which cannot move into the handler's inputRequests: ${error.why}` : `${held}; ${error.message}`;
}

/** Why a push request was left as it was, when a handler's round says so. */
function heldDetail(site: RootsSite, rounds: Map<FunctionNode, PushRound | Unprovable>): { detail?: string } {
  for (const round of rounds.values()) if (round instanceof PushHold && round.site === site) return { detail: round.message };
  return {};
}

/** Every handler of the run that makes a push-style elicitation or sampling request, with those requests. */
function pushRequestsByHandler(units: Unit[], project: ProjectIndex | undefined): PushRequestsByHandler {
  const map = new PushRequestsByHandler();
  for (const unit of units) {
    for (const site of unit.sites) {
      if (!isPushRequest(site)) continue;
      const { callbacks, traced } = handlerCallbacksReaching(site, unit, project);
      // Handlers an earlier run moved hand the split helper their answer: they no longer reach its push request.
      const answered = answeringHandlers(site, unit, project);
      for (const handler of callbacks) if (!answered.has(handler)) map.add(handler, { site, file: unit.path });
      if (!traced) map.addUntraced({ site, file: unit.path });
    }
  }
  return map;
}

/** The handlers that hand a helper split by an earlier run its answer for `site` (none for other requests). */
function answeringHandlers(site: RootsSite, unit: Unit, project: ProjectIndex | undefined): Set<FunctionNode> {
  const fn = enclosingFunction(site.node);
  if (!fn || !splitFormOf(site, fn)) return new Set();
  try {
    return new Set(pushChains(site, unit, project).filter((c) => handsAnswer(c.hops, site)).map((c) => c.callback));
  } catch (error) {
    if (!(error instanceof Unprovable)) throw error;
    return new Set();
  }
}

/** The files of the run importing `file`, through barrels; none known in a one-file run (ESLint, jscodeshift). */
function importers(file: string, project: ProjectIndex | undefined): readonly string[] | undefined {
  if (!project) return [];
  if (!project.importersOf) return undefined;
  return project.importersOf(file, file);
}

/** A v1-sdk detail with why the run's SDK upgrade was held back, when it was. */
function withHeld(detail: string, held: string | undefined): string {
  return held ? `${detail}; ${held}` : detail;
}

/** Why a v1 file's roots state is left as it is under --lifecycle per-request, and what derives it. */
const V1_DERIVABLE = 'this roots state can be derived per request once the SDK is v2';

function helpersOf(units: Set<Unit>, unit: Unit): Pick<FilePlan, 'helpers'> {
  return units.has(unit) ? { helpers: ['mrtr'] } : {};
}

/**
 * A v1 request is never rewritten here, but the marker says whether the SDK upgrade is the way out:
 * the chain is planned as if upgraded (chains do not depend on the SDK major) and the plan dropped.
 */
function v1Outcome(site: RootsSite, unit: Unit, plan: (site: RootsSite, unit: Unit) => SitePlan, orSplit: (site: RootsSite, unit: Unit, error: Unprovable) => SiteOutcome, held?: string): SiteOutcome {
  try {
    plan(site, unit);
    return { site, outcome: 'marked', reason: 'v1-sdk', ...(held ? { detail: held } : {}) };
  } catch (error) {
    if (!(error instanceof Unprovable)) throw error;
    // A helper nothing calls can be split once upgraded: orSplit says v1-sdk for it, and writes nothing.
    if (site.reason === 'unresolved-chain') return orSplit(site, unit, error);
    return { site, outcome: 'marked', reason: 'v1-sdk', detail: `${V1_STILL_MARKED} ([${error.reason}] ${error.message})` };
  }
}
