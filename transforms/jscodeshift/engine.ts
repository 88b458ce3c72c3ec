// What the jscodeshift entry points run, as one ES module: the same planners as `uproot migrate`.
// The entries load it with import() (see load-engine.ts); tests call it directly.
import type { API, FileInfo, Options } from 'jscodeshift';
import { runStrategy } from './run-strategy.ts';
import { planMrtrText } from '../mrtr.ts';
import { planParamTextMovingPush } from '../param.ts';

export function transformMrtr(file: FileInfo, api: API): string | undefined {
  return runStrategy(file, api, planMrtrText);
}

export function transformParam(file: FileInfo, api: API, options: Options = {}): string | undefined {
  const paramName = typeof options.paramName === 'string' ? options.paramName : undefined;
  return runStrategy(file, api, (text, path) => planParamTextMovingPush(text, path, paramName ? { paramName } : {}));
}
