// Per handler entry: prove the parameter rewrite or say why not. Decides the registration form,
// whether the handler is a hybrid (it already takes a directory), required or optional (a
// capability gate that guards a fallback keeps that fallback for calls without the parameter),
// which capability checks change, and how already-MRTR input requests go away.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, enclosingFunction, functionName } from '@uproot/core/planning';
import { reachesOf } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import { type AllowList, findAllowList } from './allow-list.ts';
import { catchesToDefault } from './checks.ts';
import { type Entry, type FileContext, pathFunction } from './entries.ts';
import { type Gate, earlyExit, gateOf, guardOf } from './gates.ts';
import { directoryArgument, rungOf } from './hybrid.ts';
import { type InputRequestPlan, planInputRequest } from './input-request.ts';
import { type LowLevelTool, lowLevelTool } from './low-level.ts';
import { freshName } from './names.ts';
import { type NewParam, type Registration, mcpServerRegistration } from './registration.ts';
import type { TextEdit } from '@uproot/core/planning';
import { describeParam } from './describe.ts';
import { Unprovable, unresolved } from './unprovable.ts';
import { narrowedReads } from './source/narrowing.ts';

export interface HybridPlan {
  argument: string;
  rungs: Map<TSESTree.IfStatement, [number, number]>;
  gates: RootsSite[];
}

export interface ParamPlan {
  name: string;
  optional: boolean;
  /** Declares the parameter (schema + callback) with the file's zod namespace; returns how the body reads it. */
  declare: (zod: () => string) => { edits: TextEdit[]; read: string };
  /** Gates replaced by the roots variable. */
  gates: Gate[];
  /** `if (!gate) return …` statements that can never fire with a required parameter, and their gates. */
  exits: Array<{ statement: TSESTree.IfStatement; gate: RootsSite }>;
  inputs: Map<RootsSite, InputRequestPlan>;
  /** Whether the roots variable of each function on the way is always defined (TypeScript type). */
  definite: Map<FunctionNode, boolean>;
  allow: AllowList;
  /** Requests inside a `try`/`.catch` that turns their failure into a default: without the parameter they fail as before. */
  caught: Set<RootsSite>;
  /** Reads under a replaced or removed gate that relied on its narrowing, made optional (source/narrowing.ts). */
  narrow: TextEdit[];
}

export interface EntryPlan {
  entry: Entry;
  hybrid?: HybridPlan;
  param?: ParamPlan;
}

export interface AnalyzeOptions {
  paramName: string;
  /** Throws when the file's zod cannot describe a parameter. */
  checkZod: () => void;
  /** Server-side capability sites of the file, with the reaches of each (computed once). */
  capabilities: RootsSite[];
}

export function analyzeEntry(entry: Entry, f: FileContext, o: AnalyzeOptions): EntryPlan {
  const registrationWith = (zod: () => string): Registration | LowLevelTool =>
    entry.lowLevel ?? mcpServerRegistration(entry.registration, entry.callback, { text: f.text, eol: f.eol, unit: f.unit, sdk: entry.sdk, zod });
  const registration = registrationWith(() => 'z');
  const gates = entryGates(entry, f, o.capabilities);
  const argument = directoryArgument(registration.keys);
  if (argument) return { entry, hybrid: hybridPlan(entry, argument, gates) };
  if (!entry.callback.async && entry.callback.returnType) throw unresolved('the handler is not async and declares its return type, so it cannot await the directory check');
  if (!entry.lowLevel) o.checkZod();
  const targets = new Map<Node, RootsSite>();
  for (const g of gates) targets.set(gateOf(g).target, g);
  const gateNodes = new Set(targets.keys());
  const cover = (node: Node, fn: FunctionNode, seen = new Set<FunctionNode>()): { covered: boolean; fallback: boolean } => {
    const own = guardOf(node, fn, gateNodes);
    if (own) return { covered: true, fallback: own === 'fallback' };
    if (fn === entry.callback || seen.has(fn)) return { covered: false, fallback: false };
    seen.add(fn);
    const callers = [...entry.calls].filter(([, c]) => c.callee === fn);
    const results = callers.map(([call, c]) => cover(call, c.caller, seen));
    return { covered: results.length > 0 && results.every((r) => r.covered), fallback: results.some((r) => r.fallback) };
  };
  // A request whose failure a catch turns into a default keeps that default: without the parameter it fails as before.
  const caught = new Set([...entry.sites].filter((s) => s.kind === 'request' && catchesToDefault(s.node)));
  for (const site of caught) {
    if (!awaitedInTry(site.node)) throw new Unprovable('timeout-control', 'a `.catch` turns a failed roots request into a default; make the parameter optional by hand so that default stays');
  }
  const coverage = [...entry.sites].map((site) => (caught.has(site) ? { site, covered: true, fallback: true } : { site, ...cover(site.node, pathFunction(site.node, entry.fns)!) }));
  const optional = coverage.some((c) => c.fallback);
  if (optional) {
    const bare = coverage.find((c) => !c.covered);
    if (bare) throw unresolved('some roots requests in this handler have a fallback and others do not');
    if ([...entry.sites].some((s) => s.kind === 'input-request')) throw unresolved('the handler both checks the roots capability and asks with input requests');
  }
  const definite = new Map<FunctionNode, boolean>();
  const isDefinite = (fn: FunctionNode, seen = new Set<FunctionNode>()): boolean => {
    if (fn === entry.callback) return !optional;
    if (definite.has(fn)) return definite.get(fn)!;
    if (seen.has(fn)) return false;
    seen.add(fn);
    const callers = [...entry.calls].filter(([, c]) => c.callee === fn);
    const value = callers.every(([call, c]) => isDefinite(c.caller, seen) || guardOf(call, c.caller, gateNodes) !== undefined);
    definite.set(fn, value);
    return value;
  };
  for (const fn of entry.fns) definite.set(fn, isDefinite(fn));
  const exits: ParamPlan['exits'] = [];
  const replaced: Gate[] = [];
  for (const [target, site] of targets) {
    const statement = target.parent?.type === 'UnaryExpression' ? target.parent.parent : undefined;
    if (!optional && statement && earlyExit(statement, new Set([target])) && statement.test === target.parent) exits.push({ statement, gate: site });
    else replaced.push({ site, target });
  }
  // `caps.sampling` under `if (caps?.roots)` relied on the check that now asks for the parameter.
  const narrow: TextEdit[] = [];
  for (const site of [...replaced.map((g) => g.site), ...exits.map((e) => e.gate)]) {
    const reads = narrowedReads(site, f, [site.node.range]);
    if (typeof reads === 'string') throw unresolved(`the capability check at line ${site.line} narrows what the code reads below it (${reads})`);
    narrow.push(...reads);
  }
  const inputs = new Map<RootsSite, InputRequestPlan>();
  for (const site of entry.sites) {
    if (site.kind !== 'input-request') continue;
    const plan = planInputRequest(site.node, entry.fns, f.prov);
    if (pathFunction(plan.ask, entry.fns) !== entry.callback) throw unresolved('the input_required result is returned from a helper, not from the handler');
    if (entry.lowLevel && !within(plan.ask, entry.lowLevel.branch.range)) throw unresolved('the input request is outside the tool branch');
    inputs.set(site, plan);
  }
  const name = freshName([entry.callback], o.paramName, new Set(registration.keys));
  const param: NewParam = { name, optional, description: describeParam(entry.kind, optional) };
  registration.add(param); // proves the declaration can be written (callback parameter forms)
  const declare = (zod: () => string) => registrationWith(zod).add(param);
  return { entry, param: { name, optional, declare, gates: replaced, exits, inputs, definite, allow: findAllowList(entry.callback, f.prov, f.text), caught, narrow } };
}

/** `await request` (optionally chained) directly: a throw in its place lands in the same `try`. */
function awaitedInTry(node: Node): boolean {
  const call = node.parent?.type === 'ChainExpression' ? node.parent : node;
  if (call.parent?.type !== 'AwaitExpression') return false;
  for (let n: Node | undefined = call.parent; n && n !== enclosingFunction(node); n = n.parent) if (n.parent?.type === 'TryStatement' && n.parent.block === n) return true;
  return false;
}

function within(node: Node, range: [number, number]): boolean {
  return node.range[0] >= range[0] && node.range[1] <= range[1];
}

/** Capability sites on the entry's functions; a check the entry reaches through a helper it does not change blocks it. */
function entryGates(entry: Entry, f: FileContext, capabilities: RootsSite[]): RootsSite[] {
  const out: RootsSite[] = [];
  for (const site of capabilities) {
    const fn = pathFunction(site.node, entry.fns);
    if (fn) {
      if (entry.lowLevel && fn === entry.callback && !within(site.node, entry.lowLevel.branch.range)) {
        // Another tool's branch owns it; a check outside every branch guards all tools at once.
        const owner = branchOf(entry, site.node, f);
        if (owner === undefined) throw unresolved('the roots capability is checked outside the tool branches of the tools/call handler');
        if (owner !== entry.lowLevel.branch.tool) continue;
      }
      out.push(site);
      continue;
    }
    const reached = reachesOf(site.node, f.prov).some((r) => r.callback === entry.callback);
    if (reached) {
      const via = reachesOf(site.node, f.prov).flatMap((r) => r.hops.map((h) => functionName(h.fn) ?? 'a helper'));
      throw unresolved(`the handler checks the roots capability in ${via[via.length - 1] ?? 'a helper'}, which uproot does not change`);
    }
  }
  return out;
}

function branchOf(entry: Entry, node: Node, f: FileContext): string | undefined {
  try {
    return lowLevelTool(entry.registration, entry.callback, node, f.ast, f.prov, f.text, f.eol, f.unit).branch.tool;
  } catch {
    return undefined;
  }
}

function hybridPlan(entry: Entry, argument: string, gates: RootsSite[]): HybridPlan {
  const rungs = new Map<TSESTree.IfStatement, [number, number]>();
  for (const site of entry.sites) {
    if (site.kind === 'input-request') throw unresolved(`the handler already takes "${argument}" and also asks for roots with an input request`);
    for (const position of entry.positions.get(site) ?? []) {
      const rung = rungOf(position, entry.callback);
      rungs.set(rung.statement, rung.range);
    }
  }
  const inRung = (n: Node) => [...rungs.values()].some((r) => within(n, r));
  const stray = gates.find((g) => !inRung(g.node));
  if (stray) throw unresolved(`the handler already takes "${argument}" and checks the roots capability outside its roots fallback`);
  return { argument, rungs, gates };
}
