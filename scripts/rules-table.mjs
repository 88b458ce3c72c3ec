// `node scripts/rules-table.mjs`: rewrites the README's rules table from the rules' meta and the plugin's configs
// (the eslint-doc-generator habit); `--check` only says whether it is current. test/docs-guide.test.ts checks it too.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BEGIN = '<!-- begin auto-generated rules list -->';
export const END = '<!-- end auto-generated rules list -->';

const severityName = (level) => {
  const value = Array.isArray(level) ? level[0] : level;
  return value === 'error' || value === 2 ? 'error' : value === 'warn' || value === 1 ? 'warn' : '';
};

/** The Markdown table of every rule: its page, description, severity in each config, and whether it suggests. */
export function rulesTable(plugin) {
  const configNames = Object.keys(plugin.configs);
  const head = ['Rule', 'Description', ...configNames.map((name) => `\`${name}\``), '💡'];
  const rows = Object.entries(plugin.rules).map(([name, rule]) => [
    `[\`${name}\`](rules/${name}.md)`,
    rule.meta.docs.description,
    ...configNames.map((config) => severityName(plugin.configs[config].rules?.[`uproot/${name}`])),
    rule.meta.hasSuggestions ? '💡' : '',
  ]);
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** `markdown` with the text between the markers replaced by `table`; throws when the markers are missing. */
export function withRulesTable(markdown, table) {
  const start = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${BEGIN} … ${END} block`);
  return `${markdown.slice(0, start + BEGIN.length)}\n\n${table}\n\n${markdown.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
  const { default: plugin } = await import('../packages/eslint-plugin/dist/index.js');
  const current = readFileSync(readmePath, 'utf8');
  const next = withRulesTable(current, rulesTable(plugin));
  if (process.argv.includes('--check')) {
    if (next !== current) {
      process.stderr.write('README.md: the rules table is out of date; run `node scripts/rules-table.mjs`.\n');
      process.exitCode = 1;
    }
  } else if (next !== current) {
    writeFileSync(readmePath, next);
    process.stdout.write('README.md: rules table updated.\n');
  }
}
