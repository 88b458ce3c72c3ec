// The floor for `npm run bench`: the least work any tool must do to look at a tree the way uproot
// does. It walks the tree with the same file-set rules (source extensions, not .d.ts, no
// node_modules, no build output, no dot entries, honours every .gitignore, never follows
// symlinks) and reads every source file as UTF-8 text. Nothing else: no parsing, no matching.
//
// Plain JavaScript on purpose: it runs on bare `node`, without the TypeScript loader uproot needs,
// so uproot's own start-up cost counts against uproot.
//
//   node test/bench/floor.mjs <dir>          prints {"files":N,"bytes":B}
//   node test/bench/floor.mjs <dir> --list   prints the files it read, one per line (for the tests)
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.next', '.nuxt', '.output', '.turbo', '.vercel', '.svelte-kit']);

/** One .gitignore line as a matcher relative to the directory that holds the file. */
function compileRule(line, base) {
  let pattern = line.replace(/(?<!\\)\s+$/, '');
  if (!pattern || pattern.startsWith('#')) return undefined;
  const negate = pattern.startsWith('!');
  if (negate) pattern = pattern.slice(1);
  if (pattern.startsWith('\\')) pattern = pattern.slice(1);
  const dirOnly = pattern.endsWith('/');
  if (dirOnly) pattern = pattern.slice(0, -1);
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      if (pattern[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += '[' + pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\') + ']';
        i = end;
      }
    } else re += ch.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return { base, negate, dirOnly, anchored, re: new RegExp(`^${re}$`) };
}

function readRules(dir) {
  let text;
  try {
    text = readFileSync(path.join(dir, '.gitignore'), 'utf8');
  } catch {
    return [];
  }
  return text.split(/\r?\n/).map((l) => compileRule(l, dir)).filter(Boolean);
}

function ignored(rules, abs, name, isDir) {
  let result = false;
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue;
    const subject = rule.anchored ? path.relative(rule.base, abs).split(path.sep).join('/') : name;
    if (rule.re.test(subject)) result = !rule.negate;
  }
  return result;
}

function walk(dir, inherited, visit) {
  const own = readRules(dir);
  const rules = own.length ? inherited.concat(own) : inherited;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const name = entry.name;
    if (name.startsWith('.')) continue;
    const abs = path.join(dir, name);
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(name) || ignored(rules, abs, name, true)) continue;
      walk(abs, rules, visit);
    } else if (entry.isFile()) {
      if (!SOURCE.test(name) || DECLARATION.test(name) || ignored(rules, abs, name, false)) continue;
      visit(abs);
    }
    // symbolic links and other entries: never followed
  }
}

const root = path.resolve(process.argv[2] ?? '.');
const list = process.argv.includes('--list');
let files = 0;
let bytes = 0;
const seen = [];
walk(root, [], (abs) => {
  const text = readFileSync(abs, 'utf8');
  files++;
  bytes += text.length;
  if (list) seen.push(abs);
});
process.stdout.write(list ? seen.sort().join('\n') + '\n' : JSON.stringify({ files, bytes }) + '\n');
