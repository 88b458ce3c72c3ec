// Turn proven entry plans into text edits: the parameter in the schema, the check at the handler's
// entry, the roots variable threaded through helpers, the sites fed from it, capability checks
// rewritten, dead MRTR asks and hybrid roots rungs removed, one helper block per file.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, functionName } from '@uproot/core/planning';
import { type TextEdit, indentAt, insert } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';
import type { EntryPlan, ParamPlan } from './analyze.ts';
import type { Bindings } from './bindings.ts';
import { type FileContext, pathFunction } from './entries.ts';
import { feedRead, feedRequest } from './feed.ts';
import { type HelperNames } from './helpers-block.ts';
import { freshName } from './names.ts';
import { removeRange, removeStatement } from './removal.ts';
import { unresolved } from './unprovable.ts';

export interface BuildContext {
  f: FileContext;
  typescript: boolean;
  bindings: Bindings;
  helper: HelperNames;
}

export interface BuildResult {
  edits: TextEdit[];
  removed: Array<[number, number]>;
  /** Per site (requests, input requests, capability checks): what happened to it, for the report. */
  details: Map<RootsSite, string>;
}

export function buildEdits(plans: EntryPlan[], c: BuildContext): BuildResult {
  const { text } = c.f;
  const edits: TextEdit[] = [];
  const removed: Array<[number, number]> = [];
  const details = new Map<RootsSite, string>();
  const rootsVar = new Map<FunctionNode, string>();
  const helperTypes = new Map<FunctionNode, boolean[]>();
  for (const plan of plans) {
    if (plan.hybrid) {
      for (const range of plan.hybrid.rungs.values()) {
        edits.push(removeRange(text, range[0], range[1]));
        removed.push(range);
      }
      const detail = `the handler already takes "${plan.hybrid.argument}": removed the roots fallback; the trust boundary moved from the user's roots to the model, which passes the directory`;
      for (const site of plan.entry.sites) details.set(site, detail);
      for (const gate of plan.hybrid.gates) details.set(gate, `removed with the roots fallback ("${plan.hybrid.argument}" carries the directory)`);
      continue;
    }
    const p = plan.param!;
    const { entry } = plan;
    for (const fn of entry.fns) {
      if (!rootsVar.has(fn)) rootsVar.set(fn, freshName([fn], 'directoryRoots'));
      if (fn !== entry.callback) helperTypes.set(fn, [...(helperTypes.get(fn) ?? []), p.definite.get(fn) ?? false]);
    }
    const declared = p.declare(() => c.bindings.zod());
    edits.push(...declared.edits);
    edits.push(...entryCheck(plan, p, declared.read, rootsVar.get(entry.callback)!, c));
    const detail = trustDetail(p, entry.kind);
    for (const site of entry.sites) {
      details.set(site, detail);
      if (site.kind === 'request') {
        const variable = rootsVar.get(pathFunction(site.node, entry.fns)!)!;
        const fed = p.caught.has(site) ? `(${variable} ?? ${missingDirectory(p.name)})` : variable;
        const e = feedRequest(text, site.node, fed);
        edits.push(e);
        removed.push([e.start, e.end]);
      }
    }
    for (const input of p.inputs.values()) {
      const e = removeStatement(text, input.ask);
      edits.push(e);
      removed.push([e.start, e.end]);
      for (const read of input.reads) {
        const r = feedRead(read, rootsVar.get(pathFunction(read.node, entry.fns)!)!, c.typescript);
        edits.push(r);
        removed.push(read.node.range);
      }
    }
    for (const gate of p.gates) {
      edits.push({ start: gate.target.range[0], end: gate.target.range[1], text: rootsVar.get(pathFunction(gate.target, entry.fns)!)! });
      removed.push(gate.target.range);
      details.set(gate.site, p.optional ? `now checks whether "${p.name}" was given` : `always true now: "${p.name}" is required`);
    }
    edits.push(...p.narrow);
    for (const exit of p.exits) {
      const e = removeStatement(text, exit.statement);
      edits.push(e);
      removed.push([e.start, e.end]);
      details.set(exit.gate, `removed: "${p.name}" is required, so this check can never fail`);
    }
  }
  edits.push(...threading(plans, rootsVar, helperTypes, c));
  return { edits: dedupe(edits), removed, details };
}

/** Thrown where the roots request failed before, so the catch around it still supplies the default. */
function missingDirectory(name: string): string {
  return `(() => { throw new Error('the "${name}" argument was not given'); })()`;
}

function trustDetail(p: ParamPlan, kind: 'tool' | 'prompt' | 'low-level-tool'): string {
  const what = kind === 'prompt' ? 'prompt argument' : 'parameter';
  const checks = `an absolute path or file:// URI of an existing directory, resolved with realpath${p.allow.name ? `, inside ${p.allow.name}` : ''}`;
  const parts = [`the trust boundary moved: the model now passes the directory as the "${p.name}" ${what} (it was the user's roots); the generated check accepts only ${checks}`];
  if (p.optional) parts.push(`"${p.name}" is optional: without it the handler takes its old no-roots path`);
  if (p.allow.suspect) parts.push(`${p.allow.suspect} looks like an allow-list uproot could not prove; check "${p.name}" against it by hand`);
  return parts.join('; ');
}

function entryCheck(plan: EntryPlan, p: ParamPlan, read: string, variable: string, c: BuildContext): TextEdit[] {
  const { text, eol, unit } = c.f;
  const { entry } = plan;
  const callback = entry.callback;
  const edits: TextEdit[] = [];
  if (!callback.async) edits.push(insert(callback.range[0], 'async '));
  const args = [read, `'${p.name}'`, ...(p.allow.name ? [p.allow.name] : [])].join(', ');
  const call = `await ${c.helper.fn}(${args})`;
  const lines = [
    `// The directory used to come from the user's roots; the model passes it now, so it is checked first.`,
    `const ${variable} = ${p.optional ? `${read} === undefined ? undefined : ${call}` : call};`,
    `if (typeof ${variable} === 'string') ${failure(plan, variable, c)}`,
  ];
  if (entry.lowLevel) {
    const { branch } = entry.lowLevel;
    const indent = branch.first ? indentAt(text, branch.first.range[0]) : indentAt(text, branch.open) + unit;
    edits.push(insert(branch.open, lines.map((l) => `${eol}${indent}${l}`).join('')));
    return edits;
  }
  const body = callback.body;
  if (body.type === 'BlockStatement') {
    const first = body.body[0];
    const indent = first ? indentAt(text, first.range[0]) : indentAt(text, callback.range[0]) + unit;
    edits.push(insert(body.range[0] + 1, lines.map((l) => `${eol}${indent}${l}`).join('')));
    return edits;
  }
  // A concise body becomes a block; `return` shares a line with the expression (ASI).
  const indent = indentAt(text, callback.range[0]);
  const arrow = text.lastIndexOf('=>', body.range[0]) + 2;
  const start = arrow + /^\s*/.exec(text.slice(arrow))![0].length;
  edits.push({ start: arrow, end: start, text: ` {${lines.map((l) => `${eol}${indent}${unit}${l}`).join('')}${eol}${indent}${unit}return ` });
  edits.push(insert(callback.range[1], `;${eol}${indent}}`));
  return edits;
}

function failure(plan: EntryPlan, variable: string, c: BuildContext): string {
  const { entry } = plan;
  if (entry.kind === 'prompt') {
    if (entry.sdk === 2) {
      const error = c.bindings.use(['@modelcontextprotocol/server', '@modelcontextprotocol/core'], 'ProtocolError');
      const code = c.bindings.use(['@modelcontextprotocol/server', '@modelcontextprotocol/core'], 'ProtocolErrorCode');
      return `throw new ${error}(${code}.InvalidParams, ${variable});`;
    }
    const error = c.bindings.use(['@modelcontextprotocol/sdk/types.js', '@modelcontextprotocol/sdk/types'], 'McpError');
    const code = c.bindings.use(['@modelcontextprotocol/sdk/types.js', '@modelcontextprotocol/sdk/types'], 'ErrorCode');
    return `throw new ${error}(${code}.InvalidParams, ${variable});`;
  }
  // Outside a registration's contextual type, a literal 'text' would widen to string.
  const contextual = entry.registration.arguments.includes(entry.callback as TSESTree.Expression) || !!entry.callback.returnType;
  const type = c.typescript && !contextual ? `'text' as const` : `'text'`;
  return `return { content: [{ type: ${type}, text: ${variable} }], isError: true };`;
}

/** Helpers gain the roots variable as their last parameter; every call on the way passes it. */
function threading(plans: EntryPlan[], rootsVar: Map<FunctionNode, string>, helperTypes: Map<FunctionNode, boolean[]>, c: BuildContext): TextEdit[] {
  const { text } = c.f;
  const edits: TextEdit[] = [];
  for (const [fn, definite] of helperTypes) {
    if (definite.some((d) => d !== definite[0])) throw unresolved(`${functionName(fn) ?? 'a helper'} is shared by handlers where the directory is required and where it is optional`);
    const name = rootsVar.get(fn)!;
    const typed = c.typescript ? `${name}: ${c.helper.type}${definite[0] ? '' : ' | undefined'}` : name;
    edits.push(...appendParam(fn, typed, text));
  }
  const seen = new Set<Node>();
  for (const plan of plans) {
    if (!plan.param) continue;
    for (const [call, { caller, callee }] of plan.entry.calls) {
      if (seen.has(call)) continue;
      seen.add(call);
      const padding = Array.from({ length: Math.max(0, callee.params.length - call.arguments.length) }, () => 'undefined');
      const args = [...padding, rootsVar.get(caller)!].join(', ');
      edits.push(insert(call.range[1] - 1, call.arguments.length ? `, ${args}` : args));
    }
  }
  return edits;
}

function appendParam(fn: FunctionNode, param: string, text: string): TextEdit[] {
  const params = fn.params;
  if (params.length === 0) {
    const from = fn.type !== 'ArrowFunctionExpression' && fn.id ? fn.id.range[1] : fn.range[0];
    const open = text.indexOf('(', from);
    if (open < 0 || open > fn.body.range[0]) throw unresolved('cannot find a helper parameter list');
    return [insert(open + 1, param)];
  }
  const last = params[params.length - 1]!;
  const parenthesised = text.slice(fn.range[0], params[0]!.range[0]).includes('(');
  if (!parenthesised) return [insert(params[0]!.range[0], '('), insert(last.range[1], `, ${param})`)];
  return [insert(last.range[1], `, ${param}`)];
}

function dedupe(edits: TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter((e) => {
    const key = `${e.start}:${e.end}:${e.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
