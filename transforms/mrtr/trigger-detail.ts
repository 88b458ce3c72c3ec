// Why a fill function has no one place a per-request derivation can replay, said precisely: the first
// of its uses that is not a trigger (a hook, the list_changed handler, a timer nobody keeps), with its
// line. "Runs from somewhere other than a hook" tells the author nothing; "is called at line 187 by
// getContext(), which is handed on as a value at line 204" tells them which caller to change.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, calleeName, functionName, isExported, isRequestHandler, locOf, reachesOf, runningFunction, unwrap } from '@uproot/core/planning';
import type { Provenance } from '@uproot/core/planning';
import { fillReferences, hookOf, timerStatement } from '../param/state/hooks.ts';
import { debounceOf, strayHandleUse } from '../param/state/debounce.ts';

/** The calls of an exported function in other modules of the run, described (`index.ts:103 (a setTimeout callback)`). */
export type OtherCallers = (fn: FunctionNode) => string[] | undefined;

const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate']);
/** How far a chain of plain callers is followed before the detail stops at the last one named. */
const MAX_DEPTH = 3;

/**
 * A clause completing "X is filled by fill(), which …": the first use of `fn` that is not a trigger.
 * Undefined when every use is one (the caller's own check failed for another reason).
 */
export function untriggeredUse(fn: FunctionNode, prov: Provenance, listChanged: ReadonlySet<Node>, elsewhere?: OtherCallers, depth = 0, seen = new Set<FunctionNode>()): string | undefined {
  seen.add(fn);
  const refs = fillReferences(fn, prov);
  if (refs.length === 0) {
    if (!isExported(fn)) return undefined;
    const callers = elsewhere?.(fn);
    return callers?.length ? `is exported and called from ${callers.join(' and ')}` : 'is exported, and its callers in other modules are not followed';
  }
  for (const ref of refs) {
    const line = locOf(ref).start.line;
    const p = ref.parent;
    if (p?.type === 'CallExpression' && p.callee === ref) {
      const caller = runningFunction(p);
      if (!caller) return `is called at module level (line ${line})`;
      if (hookOf(caller, listChanged)) continue;
      const kept = keptTimer(caller);
      if (kept) return `runs from a timer at line ${locOf(kept.call).start.line} ${strayUse(kept.call, prov, listChanged) ?? `whose handle is kept in ${kept.handle}`}`;
      const handler = reachesOf(p, prov).find((r) => isRequestHandler(r.handler) && r.hops.length === 0);
      if (handler) return `is called at line ${line} inside ${handler.name ? `the ${handler.name} ` : 'a '}${handler.handler} handler: a first-use fill`;
      if (seen.has(caller)) continue;
      const name = functionName(caller);
      const further = depth < MAX_DEPTH ? untriggeredUse(caller, prov, listChanged, elsewhere, depth + 1, seen) : undefined;
      if (further) return `is called at line ${line} by ${name ? `${name}()` : 'a function'}, which ${further}`;
      continue;
    }
    if (p?.type === 'CallExpression' && p.arguments.includes(ref as TSESTree.CallExpressionArgument)) {
      if (calleeName(p) === 'setNotificationHandler' && p.arguments[0] && listChanged.has(p.arguments[0])) continue;
      if (TIMERS.has(calleeName(p) ?? '')) {
        if (timerStatement(p)) continue;
        const handle = handleOf(p);
        return handle ? `runs from a timer at line ${line} ${strayUse(p, prov, listChanged) ?? `whose handle is kept in ${handle}`}` : `runs from a timer at line ${line} kept as a value`;
      }
      return `is handed on as a value at line ${line}${calleeName(p) ? ` (to ${calleeName(p)})` : ''}`;
    }
    if (p?.type === 'NewExpression') return `is handed on as a value at line ${line}${calleeName(p) ? ` (to new ${calleeName(p)})` : ''}`;
    return `is used as a value at line ${line}`;
  }
  return undefined;
}

/** A list_changed debounce whose handle is also used elsewhere: where (`whose handle h is also used at line 40 in stop()`). */
function strayUse(call: TSESTree.CallExpression, prov: Provenance, listChanged: ReadonlySet<Node>): string | undefined {
  const d = debounceOf(call, prov, (fn) => hookOf(fn, listChanged)?.kind === 'refresh');
  if (d && 'stray' in d) return `in the list_changed handler, ${d.stray} (more than a debounce that could go with the handler)`;
  return strayHandleUse(call, prov);
}

/** `h = setTimeout(() => fill(), ms)` around `fn`: the timer and the variable or field keeping its handle. */
function keptTimer(fn: FunctionNode): { call: TSESTree.CallExpression; handle: string } | undefined {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn || !TIMERS.has(calleeName(call) ?? '') || timerStatement(call)) return undefined;
  const handle = handleOf(call);
  return handle ? { call, handle } : undefined;
}

/** The name the timer's handle is stored under: `h = setTimeout(…)`, `this.h = …`, `const h = …`. */
function handleOf(call: TSESTree.CallExpression): string | undefined {
  let top: Node = call;
  const member = top.parent;
  // `setTimeout(…).unref()` keeps the same handle.
  if (member?.type === 'MemberExpression' && member.object === top && member.parent?.type === 'CallExpression') top = member.parent;
  const p = top.parent;
  const target = p?.type === 'AssignmentExpression' && p.right === top ? unwrap(p.left) : p?.type === 'VariableDeclarator' && p.init === top ? p.id : undefined;
  if (target?.type === 'Identifier') return target.name;
  if (target?.type === 'MemberExpression' && target.object.type === 'ThisExpression' && target.property.type === 'Identifier' && !target.computed) return `this.${target.property.name}`;
  if (target?.type === 'MemberExpression' && target.object.type === 'ThisExpression' && target.property.type === 'PrivateIdentifier') return `this.#${target.property.name}`;
  return undefined;
}
