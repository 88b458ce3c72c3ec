// Build the three publishable packages into their own dist/ folders, so each tarball runs on its own:
// compiled ESM (and CommonJS where loaders require() it), .d.ts types, nothing outside the package.
//   node scripts/build.mjs          JavaScript and types (npm ci runs this through `prepare`)
//   node scripts/build.mjs --js     JavaScript only (the test setup rebuilds before spawning the real bin)
//   node scripts/build.mjs --types  declarations only, beside that JavaScript (the consumer test packs them
//                                   while other tests run the bin, so it must not delete dist/)
// rules/ and transforms/ are not packages: the plugin and the CLI bundle what they need of them.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const jsOnly = process.argv.includes('--js');
const typesOnly = process.argv.includes('--types');
const at = (...p) => path.join(root, ...p);
const manifest = (pkg) => JSON.parse(readFileSync(at('packages', pkg, 'package.json'), 'utf8'));

// Small pure-JS dependencies are bundled: resolving and loading ~150 CommonJS modules of
// scope-manager & co. at every start costs more than the scan of a mid-sized repository.
const BUNDLED = /^(@typescript-eslint\/(scope-manager|visitor-keys|types)|eslint-visitor-keys|commander|diff|picocolors)(\/|$)/;
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Keep every other bare import external, and fail when a package would need one it does not declare. */
function externals(pkg) {
  const m = manifest(pkg);
  const declared = new Set([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.peerDependencies ?? {})]);
  return {
    name: 'declared-externals',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (BUNDLED.test(args.path)) return undefined;
        if (builtins.has(args.path)) return { path: args.path, external: true };
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (!declared.has(name)) {
          return { errors: [{ text: `${m.name} imports ${args.path} at run time (from ${path.relative(root, args.importer)}) but does not declare ${name} in dependencies or peerDependencies` }] };
        }
        return { path: args.path, external: true };
      });
    },
  };
}

// scope-manager's lib/ declares the globals of every TypeScript lib (dom, es2015, …: 1.2 MB, ~20 ms to load on
// each thread that parses). core/src/parse.ts always passes `lib: []`, so the bundle gets an empty lib table:
// a lib asked for by name throws scope-manager's own "Invalid value for lib provided" instead.
const noScopeLibs = {
  name: 'no-scope-manager-libs',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/lib$/ }, (args) => (/[\\/]@typescript-eslint[\\/]scope-manager[\\/]dist[\\/]referencer$/.test(args.resolveDir) ? { path: 'scope-manager-libs', namespace: 'no-scope-libs' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-scope-libs' }, () => ({ contents: 'exports.lib = new Map();', loader: 'js' }));
  },
};

// Bundled CommonJS still calls require() for Node built-ins: give the ES module one.
const esmRequire = "import { createRequire as __uprootCreateRequire } from 'node:module'; const require = __uprootCreateRequire(import.meta.url);";
const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20.19', logLevel: 'warning', legalComments: 'none' };

async function buildCore() {
  rmSync(at('packages/core/dist'), { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: { index: 'packages/core/src/index.ts', light: 'packages/core/src/light.ts', planning: 'packages/core/src/planning.ts' },
    outdir: 'packages/core/dist',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: esmRequire },
    plugins: [noScopeLibs, externals('core')],
  });
}

async function buildPlugin() {
  rmSync(at('packages/eslint-plugin/dist'), { recursive: true, force: true });
  const options = { ...common, plugins: [externals('eslint-plugin')] };
  await build({ ...options, entryPoints: ['packages/eslint-plugin/src/index.ts'], outfile: 'packages/eslint-plugin/dist/index.js', format: 'esm', banner: { js: esmRequire } });
  // eslint.config.cjs users write `require('eslint-plugin-uproot')` and expect the plugin object itself.
  await build({
    ...options,
    stdin: { contents: "module.exports = require('./index.ts').default;", resolveDir: at('packages/eslint-plugin/src'), sourcefile: 'index.cjs', loader: 'js' },
    outfile: 'packages/eslint-plugin/dist/index.cjs',
    format: 'cjs',
  });
  // The docs pages ship beside the rules whose meta.docs.url names them.
  copyDocs('rules', 'packages/eslint-plugin/docs/rules');
}

async function buildCli() {
  rmSync(at('packages/uproot/dist'), { recursive: true, force: true });
  const options = { ...common, plugins: [externals('uproot')] };
  await build({
    ...options,
    entryPoints: {
      cli: 'packages/uproot/src/cli.ts',
      index: 'packages/uproot/src/index.ts',
      'jscodeshift/engine': 'transforms/jscodeshift/engine.ts',
      'tsserver/analysis': 'packages/uproot/src/tsserver/analysis.ts',
      // The matcher worker (match-pool.ts starts it by this name): an entry, so the thread loads only the matcher.
      'scan-worker': 'packages/uproot/src/worker/match-worker.ts',
      // Loaded by bin/uproot.js before the CLI on `uproot scan`: starts that worker while the CLI loads.
      'scan-prestart': 'packages/uproot/src/worker/prestart.ts',
    },
    outdir: 'packages/uproot/dist',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: esmRequire },
  });
  // jscodeshift require()s a transform under Babel's require hook; these CommonJS entries load the
  // ES module engine through import(), which that hook does not touch.
  await build({
    ...options,
    entryPoints: { 'jscodeshift/mrtr': 'transforms/jscodeshift/mrtr.ts', 'jscodeshift/param': 'transforms/jscodeshift/param.ts' },
    outdir: 'packages/uproot/dist',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // The engine stays a separate ES module (dist/jscodeshift/engine.js), loaded at run time.
    plugins: [{ name: 'engine-apart', setup: (b) => b.onResolve({ filter: /\/engine\.ts$/ }, () => ({ path: './engine.js', external: true })) }, ...options.plugins],
  });
  // tsserver require()s its plugins and wants answers synchronously: this CommonJS shell require()s the ES
  // module analysis (dist/tsserver/analysis.js, chunks shared with the CLI) through Node's require(esm).
  await build({
    ...options,
    stdin: { contents: "module.exports = require('./plugin.ts').default;", resolveDir: at('packages/uproot/src/tsserver'), sourcefile: 'tsserver.cjs', loader: 'js' },
    outfile: 'packages/uproot/dist/tsserver.cjs',
    format: 'cjs',
    plugins: [{ name: 'analysis-apart', setup: (b) => b.onResolve({ filter: /^\.\/tsserver\/analysis\.js$/ }, (args) => ({ path: args.path, external: true })) }, ...options.plugins],
  });
  copyDocs('docs/reasons', 'packages/uproot/docs/reasons');
}

// The pages' own URLs (DOCS_BASE in packages/core/src/messages.ts): where a link that leaves the copied folder goes.
const DOCS_BASE = 'https://github.com/uproot-mcp/uproot/blob/main/';

/** Copy the .md pages of `from`; a relative link to a page the package does not ship points at the repository's copy. */
function copyDocs(from, to) {
  rmSync(at(to), { recursive: true, force: true });
  mkdirSync(at(to), { recursive: true });
  for (const f of readdirSync(at(from))) {
    if (!f.endsWith('.md')) continue;
    const text = readFileSync(at(from, f), 'utf8').replace(/\]\((\.{1,2}\/[^)#\s]+)(#[^)\s]*)?\)/g, (link, target, hash = '') => {
      const repoPath = path.posix.normalize(path.posix.join(from, target));
      return repoPath.startsWith(`${from}/`) ? link : `](${DOCS_BASE}${repoPath}${hash})`;
    });
    writeFileSync(path.join(at(to), f), text);
  }
}

/** Declarations: one tsc run over the entries, then each package keeps only its own files. */
function buildTypes() {
  const out = at('node_modules/.cache/uproot-types');
  rmSync(out, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [at('node_modules/typescript/bin/tsc'), '-p', at('scripts/tsconfig.types.json'), '--outDir', out], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc could not emit the declarations (see above)');
  copyDeclarations(out, 'packages/core/src', ['index.d.ts', 'light.d.ts', 'planning.d.ts'], at('packages/core/dist'));
  copyDeclarations(out, 'packages/eslint-plugin/src', ['index.d.ts'], at('packages/eslint-plugin/dist'));
  // The CommonJS entry exports the plugin itself (module.exports = plugin).
  writeFileSync(at('packages/eslint-plugin/dist/index.d.cts'), "import type { UprootPlugin } from './index.js';\ndeclare const plugin: UprootPlugin;\nexport = plugin;\n");
  copyDeclarations(out, 'packages/uproot/src', ['index.d.ts'], at('packages/uproot/dist'));
  // The jscodeshift entries (CommonJS, exports.default): typed structurally, so no @types/jscodeshift is needed.
  const transform = (extra) =>
    `/** A jscodeshift transform: \`npx jscodeshift -t node_modules/uproot/dist/jscodeshift/<name>.cjs <paths>\`. */\n` +
    `declare function transformer(file: { path: string; source: string }, api: { report?: (message: string) => void }${extra}): Promise<string | undefined>;\n` +
    'export default transformer;\n';
  writeFileSync(at('packages/uproot/dist/jscodeshift/mrtr.d.cts'), transform(''));
  writeFileSync(at('packages/uproot/dist/jscodeshift/param.d.cts'), transform(', options?: { paramName?: string }'));
  // The tsserver plugin (module.exports = init): typed structurally, so no typescript dependency is needed.
  writeFileSync(
    at('packages/uproot/dist/tsserver.d.cts'),
    '/** A TypeScript language service plugin: `"plugins": [{ "name": "uproot/tsserver" }]` in tsconfig.json. */\n' +
      'declare function init(modules: { typescript: object }): { create(info: { languageService: object }): object };\n' +
      'export = init;\n',
  );
}

/**
 * Copy the entries' declarations and the relative ones they reference; fail if one lies outside the package.
 * Specifiers become `./x.js`, as in the JavaScript, so the types resolve under any moduleResolution.
 */
function copyDeclarations(out, srcDir, entries, dist) {
  const seen = new Set();
  const visit = (rel) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const file = path.join(out, srcDir, rel);
    const text = readFileSync(file, 'utf8');
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), text.replace(/((?:from|import\()\s*['"]\.[^'"]*)\.ts(['"])/g, '$1.js$2'));
    // Comments may quote import statements (`import { server } from './server.js'`): follow only code.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const [, spec] of code.matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
      const target = path.normalize(path.join(path.dirname(rel), spec.replace(/\.(ts|js)$/, '.d.ts')));
      if (target.startsWith('..')) throw new Error(`${srcDir}/${rel} declares a type from ${spec}, outside the package: declare it in the package`);
      visit(target);
    }
  };
  for (const entry of entries) visit(entry);
}

if (!typesOnly) await Promise.all([buildCore(), buildPlugin(), buildCli()]);
if (!jsOnly) buildTypes();
if (!existsSync(at('packages/uproot/dist/cli.js'))) throw new Error('the CLI bundle is missing after the build');
