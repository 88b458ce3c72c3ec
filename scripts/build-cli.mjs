// Bundle the CLI's TypeScript sources into packages/uproot/dist so `uproot` starts without a TypeScript
// loader (tsx costs ~250 ms of module-loading round trips per run). npm runs this on `npm ci` through
// the root `prepare` script. Dependencies stay external; lazily imported parts stay separate chunks.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Small pure-JS dependencies are bundled too: resolving and loading ~150 CommonJS modules of
// scope-manager & co. at every start costs more than the scan of a mid-sized repository.
const BUNDLED = /^(@uproot\/|@typescript-eslint\/(scope-manager|visitor-keys|types)(\/|$)|commander$|diff$|picocolors$)/;

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: ['packages/uproot/src/cli.ts'],
  outdir: 'packages/uproot/dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [externalPackages],
  // Bundled CommonJS still calls require() for Node built-ins: give the ES module one.
  banner: { js: "import { createRequire as __uprootCreateRequire } from 'node:module'; const require = __uprootCreateRequire(import.meta.url);" },
});
