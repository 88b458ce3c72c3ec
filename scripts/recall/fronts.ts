// The front ends asked about each checkout, each returning the sites it reports: `uproot scan` (the CLI as
// built, run from the repository root as a user would), ESLint with the plugin (default parsers, or
// typescript-eslint's projectService), tsserver with the uproot plugin, and the jscodeshift entry's planner.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint, type Linter } from 'eslint';
import plugin from 'eslint-plugin-uproot';
import tseslint from 'typescript-eslint';
import { ruleCodes } from '../../packages/uproot/src/tsserver/codes.ts';
import { TsServer, type ProtocolDiagnostic } from '../../test/tsserver/client.ts';

export interface Reported {
  file: string;
  line: number;
  endLine: number;
  /** The rule that reports it (`no-roots-request`), the same name across front ends. */
  rule: string;
}

export interface FrontResult {
  sites: Reported[];
  /** Files the front end could not read or parse, with why. */
  failures: string[];
}

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'packages/uproot/bin/uproot.js');
const siteRules = Object.keys(plugin.rules ?? {}).filter((r) => r.startsWith('no-'));

export async function scanSites(dir: string): Promise<FrontResult & { files: number }> {
  const { stdout } = await run(process.execPath, [cli, 'scan', '--format', 'json'], { cwd: dir, maxBuffer: 1 << 28, timeout: 20 * 60_000 }).catch((e: { code?: number; stdout?: string; stderr?: string }) => {
    // Exit 1 means sites were found; anything else is a failure of the run.
    if (e.code === 1 && e.stdout) return { stdout: e.stdout };
    throw new Error(`uproot scan failed in ${dir} (exit ${e.code}): ${e.stderr?.slice(0, 400)}`);
  });
  const report = JSON.parse(stdout) as { sites: { file: string; line: number; endLine: number; rule: string }[]; summary: { files?: number }; problems?: unknown[] };
  const sites = report.sites.map((s) => ({ file: s.file, line: s.line, endLine: s.endLine, rule: s.rule.replace(/^uproot\//, '') }));
  return { sites, failures: [], files: report.summary.files ?? 0 };
}

function eslintConfig(dir: string, typed: boolean): Linter.Config[] {
  const rules = Object.fromEntries(siteRules.map((r) => [`uproot/${r}`, 'error' as const]));
  return [
    {
      files: ['**/*.{ts,tsx,mts,cts}'],
      languageOptions: { parser: tseslint.parser, parserOptions: typed ? { projectService: true, tsconfigRootDir: dir } : {} },
    },
    { files: ['**/*.{js,jsx,mjs,cjs}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
    // The repositories' own disable comments name rules this config does not load: not a failure to check the file.
    { plugins: { uproot: plugin }, rules, linterOptions: { reportUnusedDisableDirectives: 'off' } },
  ];
}

/** ESLint over `files` (paths from `dir`). Typed: TypeScript files through projectService (JS stays untyped, as a user's config would have it). */
export async function eslintSites(dir: string, files: string[], typed: boolean): Promise<FrontResult> {
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: eslintConfig(dir, typed), errorOnUnmatchedPattern: false, warnIgnored: false });
  const sites: Reported[] = [];
  const failures: string[] = [];
  for (const file of files) {
    let results: ESLint.LintResult[];
    try {
      results = await eslint.lintFiles([file]);
    } catch (e) {
      failures.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    for (const r of results) {
      for (const m of r.messages) {
        if (m.fatal || !m.ruleId) {
          failures.push(`${file}:${m.line}: ${m.message.split('\n')[0]}`);
          continue;
        }
        if (m.ruleId.startsWith('uproot/')) sites.push({ file, line: m.line, endLine: m.endLine ?? m.line, rule: m.ruleId.slice('uproot/'.length) });
      }
    }
  }
  return { sites, failures };
}

/**
 * The sites jscodeshift's MRTR entry acts on: the planner it runs (transforms/jscodeshift/engine.ts runs
 * planMrtrText on each file it is given, alone), every outcome of every file, whether rewritten, marked or reported.
 */
export async function jscodeshiftSites(dir: string, files: string[]): Promise<FrontResult> {
  const { planMrtrText } = await import('../../transforms/mrtr.ts');
  const { ruleOfKind } = await import('@uproot/core');
  const sites: Reported[] = [];
  const failures: string[] = [];
  for (const file of files) {
    const absolute = path.join(dir, file);
    try {
      const text = readFileSync(absolute, 'utf8').replace(/^\uFEFF/, '');
      for (const o of planMrtrText(text, absolute).outcomes) sites.push({ file, line: o.site.line, endLine: o.site.endLine, rule: ruleOfKind[o.site.kind].replace(/^uproot\//, '') });
    } catch (e) {
      failures.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return { sites, failures };
}

const ruleOfCode = new Map(Object.entries(ruleCodes).map(([rule, code]) => [code, rule]));

/** tsserver (this repository's TypeScript) with `uproot/tsserver` as a global plugin, asked for each file's semantic diagnostics. */
export async function tsserverSites(dir: string, files: string[], logFile: string): Promise<FrontResult> {
  const server = new TsServer(root, logFile, [], ['--globalPlugins', 'uproot/tsserver']);
  const sites: Reported[] = [];
  const failures: string[] = [];
  try {
    for (const file of files) {
      const absolute = path.join(dir, file);
      server.notify('open', { file: absolute, projectRootPath: dir });
      try {
        const diagnostics = await server.request<ProtocolDiagnostic[]>('semanticDiagnosticsSync', { file: absolute });
        for (const d of diagnostics) {
          const rule = ruleOfCode.get(d.code);
          if (rule?.startsWith('no-')) sites.push({ file, line: d.start.line, endLine: d.end.line, rule });
        }
      } catch (e) {
        failures.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
      }
      server.notify('close', { file: absolute });
    }
  } finally {
    await server.close();
  }
  return { sites, failures };
}
