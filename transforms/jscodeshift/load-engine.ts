// jscodeshift require()s a transform with Babel's require hook installed, and that hook compiles every
// file loaded through require() — ES modules in node_modules included, which then fail with
// "exports is not defined in ES module scope". import() goes through Node's ES module loader, which the
// hook does not see; it is built at run time so that Babel cannot turn it back into require().
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Engine = typeof import('./engine.ts');

const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Engine>;
let engine: Promise<Engine> | undefined;

/** The engine beside the built entry (dist/jscodeshift/engine.js), or the source module when run from the repository. */
export function loadEngine(): Promise<Engine> {
  const built = typeof __filename === 'string' && __filename.endsWith('.cjs');
  engine ??= built ? importModule(pathToFileURL(path.join(path.dirname(__filename), 'engine.js')).href) : import('./engine.ts');
  return engine;
}
