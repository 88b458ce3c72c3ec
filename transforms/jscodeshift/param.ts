// jscodeshift entry point for the param strategy, installed as `node_modules/uproot/dist/jscodeshift/param.cjs`:
// `npx jscodeshift -t node_modules/uproot/dist/jscodeshift/param.cjs src/ [--paramName=workspace]`.
// Same planner as `uproot migrate --to param`, on one file's text.
import type { API, FileInfo, Options } from 'jscodeshift';
import { loadEngine } from './load-engine.ts';

export default async function transformer(file: FileInfo, api: API, options: Options = {}): Promise<string | undefined> {
  return (await loadEngine()).transformParam(file, api, options);
}
