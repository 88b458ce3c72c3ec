// Node 22+ caches compiled code itself (bin/uproot.js turns it on). On Node 20, v8-compile-cache keeps the
// compiled CommonJS of what typed mode and migrate load (ts-morph with TypeScript, jscodeshift, recast);
// it costs ~10 ms to load, so a plain scan, which loads no CommonJS of size, does without it.
import module from 'node:module';

let installed = false;

/** Call before loading large CommonJS packages; once per process, a no-op where Node caches by itself. */
export function cacheCompiledCommonJs(): void {
  if (installed) return;
  installed = true;
  if (typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function') return;
  module.createRequire(import.meta.url)('v8-compile-cache');
}
