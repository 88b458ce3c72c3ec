// The command line: parses arguments and prints. The file loop lives in scan/scan.ts / migrate/migrate.ts.
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { cacheCompiledCommonJs } from './compile-cache.ts';
import { ExitCode } from './exit-codes.ts';
import { scanToJson } from './report/json.ts';
import { colorEnabled, scanToText } from './report/text.ts';
import { runScan, TypesUnavailable } from './scan/scan.ts';
import type { TypesMode } from './types/detect.ts';
import type { Strategy } from '../../../transforms/outcome.ts';

export const VERSION = '0.1.0';

function parseSize(value: string): number {
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb <= 0) throw new InvalidArgumentError('takes a positive number of megabytes');
  return Math.round(mb * 1048576);
}

function parseParamName(value: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) throw new InvalidArgumentError('takes a JavaScript identifier, such as directory or projectDir');
  return value;
}

export interface CliIo {
  out: (text: string) => unknown;
  err: (text: string) => unknown;
  cwd: string;
  /** Colour in text reports; defaults to whether stdout is a terminal that wants it. */
  color?: boolean;
}

const processIo: CliIo = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s), cwd: process.cwd() };

interface MigrateFlags {
  to: Strategy;
  paramName: string;
  lifecycle: 'keep' | 'per-request';
  withSdkUpgrade?: boolean;
  upgradeWorkspace?: boolean;
}

/** The same run's options without --dry-run, for the summary's next step. */
function flags(opts: MigrateFlags): string[] {
  return [
    ...(opts.to !== 'mrtr' ? [`--to ${opts.to}`] : []),
    ...(opts.paramName !== 'directory' ? [`--param-name ${opts.paramName}`] : []),
    ...(opts.lifecycle !== 'keep' ? [`--lifecycle ${opts.lifecycle}`] : []),
    ...(opts.withSdkUpgrade ? ['--with-sdk-upgrade'] : []),
    ...(opts.upgradeWorkspace ? ['--upgrade-workspace'] : []),
  ];
}

function workspaceRefusal(error: { packages: Array<{ dir: string; name?: string; why: string }> }, paths: string[], options: string[]): string {
  const named = error.packages.map((p) => `  ${p.dir}${p.name ? ` (${p.name})` : ''}: ${p.why}`).join('\n');
  const together = ['npx uproot migrate', ...(paths.length ? paths : ['.']), ...error.packages.map((p) => p.dir), ...options].join(' ');
  return (
    `uproot: refusing to upgrade the SDK: these workspace packages share MCP types with the given paths and would stay on the v1 SDK, so those types would no longer match:\n${named}\n` +
    `Nothing was changed. Pass them too (${together}), or add --upgrade-workspace to upgrade them with the official codemod in the same run.\n`
  );
}

function typesRefusal(error: Error): string {
  return `uproot: ${error.message}; add a tsconfig.json and install the MCP packages, or use --types auto.\n`;
}

function typesOption(): Option {
  return new Option('--types <mode>', 'auto: use the TypeScript checker when a tsconfig.json and the MCP packages are found; on: require them; off: syntax only').choices(['auto', 'on', 'off']).default('auto');
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const color = io.color ?? (io === processIo ? colorEnabled() : false);
  let exit: number = ExitCode.Clean;
  const program = new Command()
    .name('uproot')
    .description('Move MCP servers off the deprecated roots feature: find roots sites, rewrite them to multi round-trip requests or explicit directory parameters.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError();

  program
    .command('scan')
    .description('Report every roots site (push requests, input requests, list_changed, capabilities) with what migrate would do.')
    .argument('[paths...]', 'files or directories (default: the current directory)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'))
    .option('--check', 'exit 1 when any site or MRTR problem is found (for CI)')
    .option('--max-file-size <mb>', 'skip files larger than this many megabytes', parseSize)
    .option('--explain', 'also list the lines that mention roots but were not reported, with why (JSON: "candidates"; not in SARIF)')
    .addOption(typesOption())
    .action(async (paths: string[], opts: { format: string; check?: boolean; maxFileSize?: number; explain?: boolean; types: TypesMode }) => {
      let result;
      try {
        result = await runScan(paths, { cwd: io.cwd, maxBytes: opts.maxFileSize, progress: opts.format === 'text', explain: !!opts.explain, types: opts.types });
      } catch (error) {
        if (!(error instanceof TypesUnavailable)) throw error;
        io.err(typesRefusal(error));
        exit = ExitCode.Failure;
        return;
      }
      if (opts.format === 'json') io.out(scanToJson(result));
      // SARIF's fingerprints need node:crypto, which costs a plain scan ~6 ms to load: only this format loads it.
      else if (opts.format === 'sarif') io.out((await import('./report/sarif.ts')).scanToSarif(result, VERSION));
      else io.out(scanToText(result, paths, { color }));
      const found = result.files.some((f) => f.sites.length > 0 || f.problems.length > 0);
      exit = result.failures.length ? ExitCode.Failure : opts.check && found ? ExitCode.WorkRemains : ExitCode.Clean;
    });

  program
    .command('migrate')
    .description('Rewrite what uproot can prove (MRTR or explicit directory parameters) and mark the rest with reason codes.')
    .argument('[paths...]', 'files or directories (default: the current directory)')
    .addOption(new Option('--to <strategy>', 'mrtr: multi round-trip requests; param: explicit directory parameters').choices(['mrtr', 'param']).default('mrtr'))
    .option('--dry-run', 'write nothing; print unified diffs of what would change')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--force', 'write even when the git work tree has uncommitted changes under the paths')
    .addOption(new Option('--lifecycle <mode>', 'keep: mark init fetches and list_changed refreshes; per-request: derive that state in each handler through MRTR (assumes one client per process)').choices(['keep', 'per-request']).default('keep'))
    .option('--with-sdk-upgrade', 'first upgrade v1 SDK code with the official @modelcontextprotocol/codemod v1-to-v2, then migrate')
    .option('--upgrade-workspace', 'with --with-sdk-upgrade: also upgrade the workspace packages outside the paths that share MCP types with them')
    .option('--param-name <name>', 'with --to param: the name of the new directory parameter', parseParamName, 'directory')
    .option('--max-file-size <mb>', 'skip files larger than this many megabytes', parseSize)
    .addOption(typesOption())
    .action(async (paths: string[], opts: { types: TypesMode; to: Strategy; dryRun?: boolean; format: string; force?: boolean; maxFileSize?: number; withSdkUpgrade?: boolean; upgradeWorkspace?: boolean; lifecycle: 'keep' | 'per-request'; paramName: string }) => {
      // Loaded here, not at start-up: `scan` of a tree without roots never needs the planners.
      cacheCompiledCommonJs();
      const { dirtyFiles } = await import('./files/git-guard.ts');
      const { runMigrate } = await import('./migrate/migrate.ts');
      const { migrateToJson } = await import('./report/migrate-json.ts');
      const { migrateToText } = await import('./report/migrate-text.ts');
      if (opts.upgradeWorkspace && !opts.withSdkUpgrade) {
        io.err('uproot: --upgrade-workspace only applies with --with-sdk-upgrade (it lets the SDK upgrade reach workspace packages outside the paths); add --with-sdk-upgrade or drop it.\n');
        exit = ExitCode.Failure;
        return;
      }
      if (!opts.dryRun && !opts.force) {
        // The SDK upgrade also rewrites the package.json nearest each path, which may sit outside them.
        const manifests = opts.withSdkUpgrade ? (await import('./files/workspaces.ts')).nearestManifests(paths, io.cwd) : [];
        const dirty = [...dirtyFiles(paths, io.cwd), ...(manifests.length ? dirtyFiles(manifests, io.cwd) : [])].filter((f, i, all) => all.indexOf(f) === i);
        if (dirty.length) {
          io.err(`uproot: refusing to rewrite files in a git work tree with uncommitted changes (${dirty.slice(0, 5).join(', ')}${dirty.length > 5 ? `, and ${dirty.length - 5} more` : ''}).\nCommit or stash them first so you can review uproot's changes with git diff, or pass --force.\n`);
          exit = ExitCode.Failure;
          return;
        }
      }
      const options = { cwd: io.cwd, strategy: opts.to, dryRun: !!opts.dryRun, maxBytes: opts.maxFileSize, progress: opts.format === 'text', lifecycle: opts.lifecycle, paramName: opts.paramName, types: opts.types };
      let result;
      try {
        if (opts.withSdkUpgrade) {
          const { migrateWithSdkUpgrade, WorkspaceUpgradeRefused } = await import('./sdk-upgrade/sdk-upgrade.ts');
          let upgraded;
          try {
            upgraded = await migrateWithSdkUpgrade(paths, { ...options, upgradeWorkspace: !!opts.upgradeWorkspace });
          } catch (error) {
            if (!(error instanceof WorkspaceUpgradeRefused)) throw error;
            io.err(workspaceRefusal(error, paths, flags(opts)));
            exit = ExitCode.Failure;
            return;
          }
          result = upgraded.result;
          // The report carries the codemod's findings; this line only says it ran (stdout may be JSON).
          for (const u of upgraded.upgrades) io.err(`uproot: @modelcontextprotocol/codemod v1-to-v2 ${opts.dryRun ? 'would change' : 'changed'} ${u.filesChanged} file(s) in ${path.relative(io.cwd, u.dir) || '.'}\n`);
        } else {
          result = await runMigrate(paths, options);
        }
      } catch (error) {
        if (!(error instanceof TypesUnavailable)) throw error;
        io.err(typesRefusal(error));
        exit = ExitCode.Failure;
        return;
      }
      io.out(opts.format === 'json' ? migrateToJson(result) : migrateToText(result, paths, io.cwd, color, flags(opts)));
      // The official codemod's markers are work left too.
      const marked = result.files.some((f) => f.outcomes.some((o) => o.outcome === 'marked')) || !!result.sdkUpgrade?.diagnostics.some((d) => d.level === 'marker');
      exit = result.failures.length || result.interrupted ? ExitCode.Failure : marked ? ExitCode.WorkRemains : ExitCode.Clean;
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // `uproot` alone prints help and is a usage error; `uproot --help` / `--version` are not.
      if (error.code === 'commander.help' && argv.length === 0) return ExitCode.Failure;
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.Clean;
      return ExitCode.Failure;
    }
    throw error;
  }
  return exit;
}
