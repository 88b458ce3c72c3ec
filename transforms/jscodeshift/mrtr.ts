// jscodeshift entry point for the MRTR strategy, installed as `node_modules/uproot/dist/jscodeshift/mrtr.cjs`:
// `npx jscodeshift -t node_modules/uproot/dist/jscodeshift/mrtr.cjs src/`. It runs the same planner as
// `uproot migrate --to mrtr` on one file's text and reports every site it could not rewrite.
import type { API, FileInfo } from 'jscodeshift';
import { loadEngine } from './load-engine.ts';

export default async function transformer(file: FileInfo, api: API): Promise<string | undefined> {
  return (await loadEngine()).transformMrtr(file, api);
}
