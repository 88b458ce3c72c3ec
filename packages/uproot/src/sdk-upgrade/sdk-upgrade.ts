// `--with-sdk-upgrade`: v1 code has no multi round-trip requests, so upgrade it to v2 first with the
// official @modelcontextprotocol/codemod (through its programmatic API), then plan MRTR on the result.
// In a monorepo the workspace packages that share MCP types with the paths are upgraded together, or
// the run refuses and names them. A dry run does all of it in a temporary copy of the project.
import { cpSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { getMigration, run } from '@modelcontextprotocol/codemod';
import { collectFiles } from '../files/walk.ts';
import { upgradePartners } from './mcp-partners.ts';
import type { MigrateOptions, MigrateResult } from '../migrate/shapes.ts';
import { runMigrate } from '../migrate/migrate.ts';
import { installCommand } from './package-manager.ts';
import { sdkProvider } from './sdk-provider.ts';
import { applyTreeChanges, type TreeChange, treeChanges } from './sdk-upgrade-apply.ts';
import { PROVIDES, repairUpgrade, type UpgradeFinding } from './sdk-upgrade-repairs.ts';
import type { SdkUpgrade } from './shapes.ts';
import type { SdkUpgradeReport } from '../report/shapes.ts';
import { relativePath } from '../scan/scan.ts';
import { changedDependencies, codemodDiagnostics, declaresV1Sdk, lineMap, snapshotManifests, unappliedManifests, upgradedTexts, V1_IMPORT_LEFT, v1ImportsLeft } from './sdk-upgrade-report.ts';
import { findWorkspace, isWithin, nearestManifest, type Workspace } from '../files/workspaces.ts';
import { describeBlockers, upgradeBlockers } from './upgrade-blockers.ts';
import { describeRejected, installedV1, rejectedContent, v1ValidatesToolResults } from './v2-rejected-content.ts';
import { describeUnbridged, describeZodFloor, zodFloorHold } from './zod-floor.ts';
import { describeRemoved, removedFeatures } from './removed-features.ts';
import { raiseZodWhereProven } from './zod-raise.ts';
import { declareSdkBroughtImports } from './undeclared-imports.ts';
import { describeZod4Breaks, type Zod4Break } from './zod-v4-proof.ts';
import { V1_UPGRADE_HELD } from '@uproot/core/planning';

export interface SdkUpgradeOptions extends MigrateOptions {
  /** `--upgrade-workspace`: also upgrade workspace packages outside the paths that share MCP types with them. */
  upgradeWorkspace?: boolean;
}

/** The run would leave workspace packages that share MCP types with the paths on v1. */
export class WorkspaceUpgradeRefused extends Error {
  readonly packages: Array<{ dir: string; name?: string; why: string }>;
  constructor(packages: Array<{ dir: string; name?: string; why: string }>) {
    super(`the SDK upgrade would leave ${packages.length === 1 ? 'a workspace package' : 'workspace packages'} that share MCP types with the given paths on the v1 SDK`);
    this.packages = packages;
  }
}

/** Run the official v1-to-v2 migration on a directory, writing its files. */
export function upgradeSdk(dir: string): SdkUpgrade {
  const migration = getMigration('v1-to-v2');
  if (!migration) throw new Error('the installed @modelcontextprotocol/codemod has no v1-to-v2 migration');
  const result = run(migration, { targetDir: dir, dryRun: false });
  return { dir, filesChanged: result.filesChanged, result };
}

function directoryOf(given: string, cwd: string): string {
  const abs = path.resolve(cwd, given);
  return statSync(abs).isDirectory() ? abs : path.dirname(abs);
}

interface UpgradePlan {
  /** Folders the codemod runs on, in order: the given ones, then workspace packages. */
  targets: string[];
  /** Every package.json the upgrade may change. */
  manifests: Set<string>;
  /** The folder a dry run copies: everything the targets and their manifests live in. */
  root: string;
  /** Target → the package.json above its own that declares the SDK for it (a monorepo root's devDependencies). */
  providers: Map<string, string>;
}

async function planUpgrade(dirs: string[], options: SdkUpgradeOptions): Promise<UpgradePlan> {
  const workspaces = new Map<string, Workspace>();
  for (const dir of dirs) {
    const ws = findWorkspace(dir);
    if (ws) workspaces.set(ws.root, ws);
  }
  const targets = [...dirs];
  const manifests = new Set<string>();
  for (const ws of workspaces.values()) {
    const partners = await upgradePartners(ws, dirs);
    if (partners.outside.length && !options.upgradeWorkspace) throw new WorkspaceUpgradeRefused(partners.outside.map((p) => ({ dir: relativePath(options.cwd, p.dir), name: p.name, why: p.why })));
    // The codemod writes only the manifest nearest its target: a package below a given folder is run
    // on its own too (its files are already upgraded by then), so its own package.json changes.
    for (const p of partners.migrated) if (dirs.some((d) => isWithin(p.dir, d) && p.dir !== d && nearestManifest(d) !== p.manifest)) targets.push(p.dir);
    for (const p of partners.outside) targets.push(p.dir);
    manifests.add(path.join(ws.root, 'package.json'));
    for (const p of ws.packages) manifests.add(p.manifest);
  }
  const unique = [...new Set(targets)];
  const providers = new Map<string, string>();
  for (const t of unique) {
    const m = nearestManifest(t);
    if (m) manifests.add(m);
    const provider = sdkProvider(t, findWorkspace(t)?.root);
    if (provider) providers.set(t, provider);
  }
  for (const m of providers.values()) manifests.add(m);
  const anchors = [...unique, ...[...manifests].map((m) => path.dirname(m)), ...workspaces.keys()];
  return { targets: unique, manifests, root: commonAncestor(anchors), providers };
}

/** Dependencies, build output and hidden folders (.git, .next...) are never needed in the copy, and can be most of a project. */
function skippedFolder(file: string): boolean {
  const name = path.basename(file);
  if (!(name.startsWith('.') || name === 'node_modules' || name === 'dist' || name === 'build' || name === 'coverage')) return false;
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return true;
  }
}

function commonAncestor(dirs: string[]): string {
  let root = dirs[0]!;
  while (!dirs.every((d) => isWithin(d, root))) root = path.dirname(root);
  return root;
}

/**
 * Upgrade, then migrate. The upgrade is tried first in a temporary copy: when no server roots request
 * would be rewritten after it, the project is not upgraded at all (a whole-SDK upgrade that buys no rewrite only
 * adds the codemod's own review work) and the sites keep their v1 markers. A dry run returns the copy's diffs.
 */
export async function migrateWithSdkUpgrade(paths: string[], options: SdkUpgradeOptions): Promise<{ result: MigrateResult; upgrades: SdkUpgrade[] }> {
  const dirs = [...new Set((paths.length ? paths : ['.']).map((p) => directoryOf(p, options.cwd)))];
  const plan = await planUpgrade(dirs, options);
  const before = snapshotManifests(plan.manifests);
  const trial = await upgradeInCopy(paths, options, plan, before);
  const wouldChange = trial.result.sdkUpgrade!.filesChanged > 0;
  // What the upgrade is for: server roots requests, which throw on 2026-07-28, rewritten to MRTR. A guard
  // or a capability edit alone does not pay for a whole-SDK upgrade and the review it needs. A request in a helper
  // nothing calls (split for its future callers: no client ever met it) pays for an upgrade the user asked for only
  // when the codemod leaves nothing for a person: then the user gets the v2 code they asked for, ready for callers.
  const rewrites = trial.result.files.flatMap((f) => f.outcomes.filter((o) => o.outcome === 'rewritten' && o.site.kind === 'request' && o.site.side === 'server'));
  const blockers = upgradeBlockers(trial.result.sdkUpgrade!);
  const pays = rewrites.some((o) => !o.dormant) || (rewrites.length > 0 && !blockers.length);
  // Files of an upgraded package outside the paths would keep importing the v1 SDK its package.json no
  // longer lists: they stop compiling, so the upgrade waits until the whole package is given.
  const left = trial.result.sdkUpgrade!.diagnostics.filter((d) => d.message.startsWith(V1_IMPORT_LEFT));
  // A result v1 sent and v2 refuses at run time changes what a client gets: no rewrite pays for that.
  const v1 = installedV1(plan.targets[0]!);
  const sources = wouldChange && pays ? (await collectFiles(plan.targets, options.cwd)).files : [];
  const rejected = sources.length && !v1ValidatesToolResults(v1) ? rejectedContent(sources) : [];
  // Schemas of a zod below v2's floor stop the upgraded server at start-up or at tools/list (zod-floor.ts).
  const zod = sources.length ? zodFloorHold(trial.result.sdkUpgrade!, sources) : undefined;
  // A feature v2 removed with no equivalent, used by the server's own code, breaks it (removed-features.ts).
  const removed = wouldChange && pays ? removedFeatures(trial.result.sdkUpgrade!, options.cwd) : [];
  const label = (p: string) => relativePath(options.cwd, p);
  if (wouldChange && (!pays || left.length || rejected.length || zod || removed.length)) {
    const why = pays
      ? [left.length ? leftBehind(left, trial.result.sdkUpgrade!, plan.targets, options.cwd) : '', rejected.length ? describeRejected(rejected, label, v1) : '', zod ? describeZodFloor(zod, label, trial.zodBreaks, trial.zodUnbridged) : '', removed.length ? describeRemoved(removed) : ''].filter(Boolean).join('; and ')
      : rewrites.length
        ? `${DORMANT_ONLY}, and ${describeBlockers(blockers)}${trial.zodBreaks.length ? `; uproot did not raise zod to ^4.2 because zod 4 changes what the code does at ${describeZod4Breaks(trial.zodBreaks, label)}${describeUnbridged(trial.zodUnbridged)}` : ''}`
        : undefined;
    const result = await runMigrate(paths, why ? { ...options, upgradeHeld: `${V1_UPGRADE_HELD}: ${why}` } : options);
    result.sdkUpgrade = skippedUpgrade(trial.result.sdkUpgrade!, why);
    return { result, upgrades: [] };
  }
  if (options.dryRun) return { result: trial.result, upgrades: trial.upgrades };
  // What the dry run showed is what is written: the copy's files, not a second upgrade and migration.
  const result: MigrateResult = { ...trial.result, dryRun: false, files: trial.result.files.map((file) => withoutDiff(file)) };
  const refused = applyTreeChanges(trial.changes, (p) => relativePath(options.cwd, p));
  if (refused.length) {
    result.failures = [...result.failures, ...refused];
    result.files = result.files.map((f) => ({ ...f, changed: false }));
    result.sdkUpgrade = { ...result.sdkUpgrade!, applied: false, skipped: 'nothing was written: a file of the upgrade could not be written (see the failures)', review: false };
  }
  return { result, upgrades: trial.upgrades };
}

function withoutDiff(file: MigrateResult['files'][number]): MigrateResult['files'][number] {
  const { diff, ...written } = file;
  void diff;
  return written;
}

function leftBehind(left: SdkUpgradeReport['diagnostics'], upgrade: SdkUpgradeReport, targets: string[], cwd: string): string {
  const manifests = [...new Set(upgrade.dependencies.filter((d) => d.name === '@modelcontextprotocol/sdk' && d.to === null).map((d) => d.manifest))];
  const from = manifests.length ? manifests.join(', ') : 'package.json';
  const within = (file: string) => targets.some((t) => isWithin(path.resolve(cwd, file), t));
  const parts: string[] = [];
  // A file inside the given paths went through the codemod, which kept its v1 import under a marker of its own:
  // passing more paths cannot help, so the reason is the codemod's finding there.
  const inside = [...new Set(left.filter((d) => within(d.file)).map((d) => d.file))];
  if (inside.length) {
    const found = inside.flatMap((file) => {
      const markers = upgrade.diagnostics.filter((d) => d.file === file && d.level === 'marker');
      return markers.length ? markers.map((m) => `${file}:${m.line} ${m.message}`) : [file];
    });
    parts.push(`the official codemod keeps a v1 import in ${found.slice(0, 3).join('; ')}${found.length > 3 ? ` and ${found.length - 3} more` : ''}`);
  }
  const files = [...new Set(left.filter((d) => !within(d.file)).map((d) => d.file))];
  if (files.length) {
    const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
    const whole = manifests.length ? ` (${manifests.map((m) => path.dirname(m)).join(' ')})` : '';
    parts.push(`${files.length} file${files.length === 1 ? '' : 's'} outside the given paths still import${files.length === 1 ? 's' : ''} it (${shown}); pass the whole package${whole}, tests included, to upgrade them together`);
  }
  return `the upgrade would remove @modelcontextprotocol/sdk from ${from} while ${parts.join(', and ')}`;
}

/** The summary of an upgrade uproot did not apply: what the codemod would have changed, and why not. */
/** Why the upgrade was skipped when only helpers nothing calls would be split after it. */
const DORMANT_ONLY = 'the only server roots requests rewritten after the upgrade would be in helpers nothing calls, which no client ever meets';

function skippedUpgrade(tried: SdkUpgradeReport, why?: string): SdkUpgradeReport {
  // By hand the codemod would not touch a provider above the folders (a workspace root): say so.
  const providers = tried.diagnostics.filter((d) => d.message.startsWith(PROVIDES)).map((d) => d.file);
  const byHand = providers.length ? ` and move ${providers.join(', ')} from @modelcontextprotocol/sdk to the v2 packages (the codemod edits only the package.json nearest each folder)` : '';
  return {
    dirs: tried.dirs,
    filesChanged: 0,
    dependencies: [],
    install: null,
    diagnostics: [],
    applied: false,
    skipped: `${why ?? 'no server roots request would be rewritten after the upgrade'} (it would have changed ${tried.filesChanged} file${tried.filesChanged === 1 ? '' : 's'}); run \`npx @modelcontextprotocol/codemod v1-to-v2 ${tried.dirs.join(' ')}\` yourself${byHand} if you want it`,
    review: false,
  };
}

/** Upgrade and migrate in a temporary copy of the project; only diffs and the summary come back. */
async function upgradeInCopy(paths: string[], options: SdkUpgradeOptions, plan: UpgradePlan, before: Map<string, string | undefined>): Promise<{ result: MigrateResult; upgrades: SdkUpgrade[]; changes: TreeChange[]; zodBreaks: Zod4Break[]; zodUnbridged: string[] }> {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'uproot-upgrade-'));
  const copy = path.join(temp, 'project');
  const inCopy = (p: string) => path.join(copy, path.relative(plan.root, p));
  const original = (p: string) => (isWithin(p, copy) ? path.join(plan.root, path.relative(copy, p)) : p);
  try {
    const dependencies: string[] = [];
    cpSync(plan.root, copy, {
      recursive: true,
      filter: (src) => {
        if (src === plan.root || !skippedFolder(src)) return true;
        if (path.basename(src) === 'node_modules') dependencies.push(src);
        return false;
      },
    });
    // Linked, not copied: the migration in the copy resolves the installed SDK (and types) as in the project.
    for (const d of dependencies) symlinkSync(d, inCopy(d), 'dir');
    const upgrades = plan.targets.map((t) => ({ ...upgradeSdk(inCopy(t)), dir: t }));
    const upgraded = upgradedTexts(upgrades.map((u) => u.result));
    const repairs = await repairUpgrade(upgrades, plan.providers, inCopy, (p) => relativePath(options.cwd, p));
    // Before the migration: with zod raised, the rewrite is planned on the code as it will run.
    const zod = await raiseZodWhereProven(upgrades, original, options.cwd, inCopy, (p) => relativePath(options.cwd, p));
    repairs.push(...zod.findings);
    repairs.push(...(await declareSdkBroughtImports(upgrades, original, options.cwd)));
    const copyCwd = isWithin(options.cwd, plan.root) ? inCopy(options.cwd) : copy;
    const migrated = await runMigrate(
      (paths.length ? paths : ['.']).map((p) => inCopy(path.resolve(options.cwd, p))),
      { ...options, cwd: copyCwd, dryRun: false },
    );
    const relocate = <T extends { file: string }>(entry: T): T => ({ ...entry, file: relativePath(options.cwd, original(path.resolve(copyCwd, entry.file))) });
    const merged: MigrateResult = {
      strategy: options.strategy,
      dryRun: !!options.dryRun,
      files: [],
      failures: migrated.failures.map(relocate),
      notices: migrated.notices.map(relocate),
      interrupted: migrated.interrupted,
      testsToUpdate: migrated.testsToUpdate?.map(relocate),
      types: migrated.types,
    };
    const originals = await collectFiles(plan.targets, options.cwd);
    for (const absolute of originals.files) {
      const before = readFileSync(absolute, 'utf8');
      let after: string;
      try {
        after = readFileSync(inCopy(absolute), 'utf8');
      } catch {
        continue;
      }
      const file = relativePath(options.cwd, absolute);
      const entry = migrated.files.find((f) => original(f.absolute) === absolute);
      if (before === after && !entry) continue;
      merged.files.push({
        file,
        absolute,
        changed: before !== after,
        outcomes: entry?.outcomes ?? [],
        ...(before !== after ? { diff: createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 }) } : {}),
      });
    }
    // A created module of shared helpers is new in the copy: listed after the files that import it, as migrate does.
    for (const created of migrated.files.filter((f) => f.created)) {
      const absolute = original(created.absolute);
      const file = relativePath(options.cwd, absolute);
      const text = readFileSync(created.absolute, 'utf8');
      merged.files.push({ file, absolute, changed: true, created: true, outcomes: created.outcomes, diff: createTwoFilesPatch('/dev/null', `b/${file}`, '', text, undefined, undefined, { context: 3 }) });
    }
    merged.sdkUpgrade = await summarize(plan, upgrades, upgraded, before, repairs, inCopy, original, options.cwd);
    return { result: merged, upgrades, changes: treeChanges(copy, original, skippedFolder), zodBreaks: zod.breaks, zodUnbridged: zod.unbridged };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The report's `sdkUpgrade`: `written(p)` is where an original path's upgraded text is, `original` the reverse. */
async function summarize(plan: UpgradePlan, upgrades: SdkUpgrade[], upgraded: Map<string, string>, before: Map<string, string | undefined>, repairs: UpgradeFinding[], written: (p: string) => string, original: (p: string) => string, cwd: string): Promise<SdkUpgradeReport> {
  const results = upgrades.map((u) => u.result);
  const dependencies = changedDependencies(before, written, cwd);
  const dropped = dependencies.filter((d) => d.name === '@modelcontextprotocol/sdk' && d.to === null).map((d) => written(path.dirname(path.resolve(cwd, d.manifest))));
  const diagnostics = [
    ...unappliedManifests(results, original, (m) => declaresV1Sdk(m), cwd),
    ...(await v1ImportsLeft(dropped, original, cwd)),
    ...codemodDiagnostics(results, upgraded, original, cwd),
    ...repairs.map((r) => ({ file: relativePath(cwd, original(r.file)), line: r.text ? lineMap(r.text, readFileSync(r.file, 'utf8'))(r.line) : r.line, level: r.level, message: r.message })),
  ];
  const firstChanged = dependencies[0] ? path.dirname(path.resolve(cwd, dependencies[0].manifest)) : undefined;
  return {
    dirs: plan.targets.map((t) => (path.relative(cwd, t) ? relativePath(cwd, t) : '.')),
    filesChanged: upgrades.reduce((n, u) => n + u.filesChanged, 0),
    dependencies,
    install: firstChanged ? installCommand(firstChanged, cwd) : null,
    diagnostics,
    applied: true,
    review: true,
  };
}
