// `uproot scan` text output: sites grouped by file as file:line:column with kind and a one-line
// reason, a summary by kind, the next command last; colour only on a terminal.
import pc from 'picocolors';
import { afterAll, describe, expect, it } from 'vitest';
import { colorEnabled } from '../../packages/uproot/src/report/text.ts';
import { colourlessEnv, fixtureProject, removeTree, tempTree, toolServer, uproot, uprootProcess } from './helpers.ts';

interface JsonSite {
  file: string;
  line: number;
  column: number;
  kind: string;
  action: string;
  reason?: string;
}

const trees: string[] = [];
afterAll(() => trees.forEach(removeTree));

const ESC = '\u001b[';

async function textAndJson(cwd: string, paths: string[] = []): Promise<{ lines: string[]; sites: JsonSite[]; summary: { byKind: Record<string, number>; sites: number; filesWithSites: number; files: number } }> {
  const text = await uproot(['scan', ...paths], cwd);
  const json = JSON.parse((await uproot(['scan', '--format', 'json', ...paths], cwd)).out) as { sites: JsonSite[]; summary: never };
  return { lines: text.out.trimEnd().split('\n'), sites: json.sites, summary: json.summary };
}

describe('scan text output', () => {
  it('groups sites under a heading per file, one file:line:column line per site', async () => {
    const { lines, sites } = await textAndJson(fixtureProject);
    const files = [...new Set(sites.map((s) => s.file))];
    for (const file of files) {
      const heading = lines.indexOf(file);
      expect(heading).toBeGreaterThanOrEqual(0);
      expect(lines.filter((l) => l === file)).toHaveLength(1);
      // The site lines for this file follow its heading, in source order, before the next blank line.
      const block = lines.slice(heading + 1, lines.indexOf('', heading));
      const locations = block.filter((l) => l.startsWith('  ') && !l.startsWith('      ')).map((l) => l.trim().split(/\s+/)[0]);
      expect(locations).toEqual(sites.filter((s) => s.file === file).map((s) => `${s.file}:${s.line}:${s.column}`));
    }
  });

  it('names the kind on each site line and gives a one-line reason under it', async () => {
    const { lines, sites } = await textAndJson(fixtureProject);
    for (const s of sites) {
      const i = lines.findIndex((l) => l.trim().startsWith(`${s.file}:${s.line}:${s.column} `));
      expect(lines[i]!.trim().split(/\s+/)[1]).toBe(s.kind);
      const reason = lines[i + 1]!;
      expect(reason).toMatch(/^ {6}\S/);
      if (s.action === 'rewrite') expect(reason).toContain('uproot migrate can rewrite this site');
      if (s.reason) expect(reason).toContain(`[${s.reason}]`);
      expect(reason.length).toBeLessThan(260);
    }
  });

  it('summarises by kind and ends with the command to run next', async () => {
    const { lines, summary } = await textAndJson(fixtureProject);
    const kinds = Object.entries(summary.byKind)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    expect(lines).toContain(`${summary.sites} roots sites in ${summary.filesWithSites} of ${summary.files} files (${kinds}).`);
    expect(lines.at(-1)).toBe('Next: npx uproot migrate . --dry-run to preview the rewrites.');
  });

  it('repeats the given paths in the next command, quoted for the shell when needed', async () => {
    const dir = tempTree({ "it's here/server.ts": toolServer, 'src/a.ts': toolServer });
    trees.push(dir);
    const { lines } = await textAndJson(dir, ["it's here", 'src']);
    expect(lines.at(-1)).toBe(`Next: npx uproot migrate 'it'\\''s here' src --dry-run to preview the rewrites.`);
  });

  it('ends with what to do when files failed or when nothing is left', async () => {
    const broken = tempTree({ 'broken.ts': toolServer.replace('const server =', 'const server = ;') });
    const clean = tempTree({ 'plain.ts': 'export {};\n' });
    trees.push(broken, clean);
    const failed = (await uproot(['scan'], broken)).out.trimEnd().split('\n');
    expect(failed).toContain('0 roots sites in 0 of 1 files; 1 file failed.');
    expect(failed.at(-1)).toBe('Next: fix the files marked error above, then run npx uproot scan . again.');
    expect((await uproot(['scan'], clean)).out.trimEnd().split('\n').at(-1)).toBe('Nothing to migrate.');
  });
});

describe('colour', () => {
  it('is off for pipes and files, even in CI where picocolors alone would turn it on', () => {
    expect(colorEnabled({ isTTY: false }, { CI: 'true' })).toBe(false);
    expect(pc.createColors(true).red('x')).toContain(ESC); // what leaks when a reporter trusts picocolors' CI rule
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
  });

  it('writes no escape codes from the real executable into a pipe, in CI or not', () => {
    const dir = tempTree({ 'server.ts': toolServer, 'broken.ts': 'const roots = ;\n' });
    trees.push(dir);
    const ci = uprootProcess(['scan'], dir, colourlessEnv({ CI: 'true' }));
    expect(ci.out).toContain('server.ts:4:');
    expect(ci.out).not.toContain(ESC);
    expect(ci.err).not.toContain(ESC);
    const forced = uprootProcess(['scan'], dir, colourlessEnv({ FORCE_COLOR: '1' }));
    expect(forced.out).toContain(ESC);
  });
});
