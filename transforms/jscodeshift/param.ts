// jscodeshift entry point for the param strategy: `npx jscodeshift -t transforms/jscodeshift/param.ts src/
// [--paramName=workspace]`. Same planner as `uproot migrate --to param`, on one file's text.
import type { API, FileInfo, Options } from 'jscodeshift';
import { runStrategy } from './run-strategy.ts';
import { planParamText } from '../param.ts';

export default function transformer(file: FileInfo, api: API, options: Options = {}): string | undefined {
  const paramName = typeof options.paramName === 'string' ? options.paramName : undefined;
  return runStrategy(file, api, (text, path) => planParamText(text, path, paramName ? { paramName } : {}));
}
