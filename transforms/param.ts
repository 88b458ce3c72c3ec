// `--to param`: roots requests and input requests in tool and prompt handlers become an explicit,
// validated directory parameter (SEP-2577's durable path). Planning lives in ./param/; this is
// the strategy's one entry point.
import { mayContainRootsSites } from '@uproot/core/planning';
import { parseSource } from '@uproot/core/planning';
import { type ParamInput, type ParamOptions, planParam } from './param/plan.ts';
import type { FilePlan } from './outcome.ts';

export function planParamText(text: string, filePath: string, options: ParamOptions = {}): FilePlan {
  if (!mayContainRootsSites(text)) return { edits: [], outcomes: [] };
  const { ast, scopeManager } = parseSource(text, filePath);
  return planParam({ text, filePath, ast, scopeManager, ...options });
}

export { planParam, type ParamInput, type ParamOptions };
