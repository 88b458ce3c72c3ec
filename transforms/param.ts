// `--to param`: roots requests and input requests in tool and prompt handlers become an explicit,
// validated directory parameter (SEP-2577's durable path). Planning lives in ./param/; this is
// the strategy's one entry point. The push requests of the handlers it rewrites move into MRTR (./param-push/).
import { mayContainRootsSites } from '@uproot/core/planning';
import { parseSource } from '@uproot/core/planning';
import { type ParamInput, type ParamOptions, planParam } from './param/plan.ts';
import { planMrtr } from './mrtr/plan.ts';
import { planParamMovingPush, type HeldHandlers, type ParamRun } from './param-push/run.ts';
import type { FilePlan } from './outcome.ts';

export function planParamText(text: string, filePath: string, options: ParamOptions = {}): FilePlan {
  if (!mayContainRootsSites(text)) return { edits: [], outcomes: [] };
  const { ast, scopeManager } = parseSource(text, filePath);
  return planParam({ text, filePath, ast, scopeManager, ...options });
}

/**
 * One file planned alone (jscodeshift): param, then the push requests of the v2 handlers it rewrote moved into MRTR
 * in the same file, or those handlers held whole.
 */
export function planParamTextMovingPush(text: string, filePath: string, options: ParamOptions = {}): FilePlan {
  const plans = planParamMovingPush({
    plan: (held) => {
      const mine = held === 'no move' ? null : held.get(filePath);
      return new Map([[filePath, planParamText(text, filePath, { ...options, ...(mine === null ? {} : { movePushRequests: { held: mine ?? new Map() } }) })]]);
    },
    textOf: (file) => (file === filePath ? text : undefined),
    files: () => [{ path: filePath, text }],
    mrtr: (files, pushOnly) => {
      const after = files[0]!.text!;
      try {
        const { ast, scopeManager } = parseSource(after, filePath);
        const plan = planMrtr({ text: after, filePath, ast, scopeManager, pushOnly, ...(options.cwd ? { cwd: options.cwd } : {}) });
        return { plans: new Map([[filePath, plan]]), failures: new Map() };
      } catch {
        return undefined;
      }
    },
  });
  return plans.get(filePath)!;
}

export { planParam, planParamMovingPush, type HeldHandlers, type ParamInput, type ParamOptions, type ParamRun };
