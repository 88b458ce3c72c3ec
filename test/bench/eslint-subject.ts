// One ESLint run for `npm run bench`, in its own process:
//   node --import tsx test/bench/eslint-subject.ts <dir> none     typescript-eslint parser, no rules
//   node --import tsx test/bench/eslint-subject.ts <dir> uproot   the same, plus configs.recommended
// Both lint exactly the files uproot scans (its own collectFiles), untyped (no projectService), one
// thread, no cache. The plugin is imported only in "uproot" mode, so loading it counts as overhead.
// Diagnostic modes: "loaded" imports the plugin without enabling it; "nop" enables one empty rule.
// Prints {"files","errors","warnings","fatal","byRule"} on stdout.
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { collectFiles } from '../../packages/uproot/src/files/walk.ts';

const [dir, mode] = process.argv.slice(2);
const MODES = ['none', 'uproot', 'loaded', 'nop'];
if (!dir || !mode || !MODES.includes(mode)) {
  process.stderr.write('usage: eslint-subject.ts <dir> none|uproot|loaded|nop\n');
  process.exit(2);
}

const { files } = await collectFiles([], dir);
const config: Linter.Config[] = [
  {
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    languageOptions: { parser },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
];
if (mode === 'uproot' || mode === 'loaded') {
  const { default: plugin } = await import('../../packages/eslint-plugin/src/index.ts');
  if (mode === 'uproot') config.push(plugin.configs.recommended);
} else if (mode === 'nop') {
  // Diagnosis: what does ESLint itself charge for one enabled rule that does nothing?
  const nop = { meta: { type: 'problem' as const, schema: [] }, create: () => ({}) };
  config.push({ plugins: { bench: { rules: { nop } } }, rules: { 'bench/nop': 'error' } });
}

const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config, cache: false, warnIgnored: false });
const results = await eslint.lintFiles(files);
let errors = 0;
let warnings = 0;
let fatal = 0;
const byRule: Record<string, number> = {};
for (const r of results) {
  errors += r.errorCount;
  warnings += r.warningCount;
  fatal += r.fatalErrorCount;
  for (const m of r.messages) if (m.ruleId) byRule[m.ruleId] = (byRule[m.ruleId] ?? 0) + 1;
}
process.stdout.write(JSON.stringify({ files: results.length, errors, warnings, fatal, byRule }) + '\n');
