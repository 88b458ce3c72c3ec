// Text report for `uproot migrate`: per file what was rewritten and what needs a person (with the
// reason), diffs in dry runs, then the next commands: the formatter for the changed files, and scan.
import pcDefault from 'picocolors';
import { formatterCommand } from './formatter.ts';
import type { MigrateResult } from '../migrate/shapes.ts';
import { problemLocation } from '../scan/scan.ts';
import { consumersLine } from './text.ts';
import { describeReason } from '@uproot/core/light';
import { summarizeMigrate } from './migrate-summary.ts';
import { typesLine } from './types-line.ts';
import { reportedNote } from './wording.ts';
import { sdkUpgradeLines, testsToUpdateLines } from './migrate-upgrade-text.ts';
import { configureLine } from './configure-line.ts';

function colorDiff(diff: string, pc: ReturnType<typeof pcDefault.createColors>): string {
  return diff
    .split('\n')
    .map((l) => (l.startsWith('+') && !l.startsWith('+++') ? pc.green(l) : l.startsWith('-') && !l.startsWith('---') ? pc.red(l) : l.startsWith('@@') ? pc.cyan(l) : l))
    .join('\n');
}

export function migrateToText(result: MigrateResult, paths: string[], cwd: string, color = false, flags: string[] = []): string {
  const pc = pcDefault.createColors(color);
  const out: string[] = [];
  for (const f of result.files) {
    const change = f.created ? (result.dryRun ? ' (would create: generated helpers the migrated files share)' : ' (created: generated helpers the migrated files share)') : result.dryRun ? ' (would change)' : ' (changed)';
    out.push(pc.underline(f.file) + (f.changed ? pc.dim(change) : ''));
    for (const o of f.outcomes) {
      const where = `${f.file}:${o.site.line}:${o.site.column}`;
      if (o.outcome === 'rewritten') out.push(`  ${pc.green('rewritten')} ${where} ${o.site.kind} ${o.site.form}${o.detail ? ` (${o.detail})` : ''}`);
      else if (o.outcome === 'marked') out.push(`  ${pc.magenta('marked')}    ${where} [${o.reason}] ${describeReason(o.reason!, o.detail)}${consumersLine(o.site)}`);
      else out.push(`  ${pc.dim('reported')}  ${where} ${o.site.kind} ${o.site.form} (${reportedNote(o.site.kind, o.site.sdk)})`);
    }
    if (f.diff) out.push(colorDiff(f.diff, pc));
  }
  for (const p of result.failures) out.push(`${pc.red('error')} ${problemLocation(p)}: ${p.message}`);
  for (const n of result.notices) out.push(`${pc.dim('note')}  ${n.file}: ${n.message}`);
  if (result.interrupted) out.push(pc.yellow('Interrupted: files already written are complete; run the same command again to finish.'));
  if (result.sdkUpgrade) out.push(...sdkUpgradeLines(result.sdkUpgrade, result.dryRun, pc));
  out.push(...testsToUpdateLines(result.testsToUpdate ?? [], pc));
  const s = summarizeMigrate(result);
  out.push('');
  out.push(
    `${result.dryRun ? 'Dry run: would change' : 'Changed'} ${s.changedFiles} file${s.changedFiles === 1 ? '' : 's'}: ${s.rewritten} site${s.rewritten === 1 ? '' : 's'} rewritten, ${s.marked} marked for a person, ${s.reported} reported${s.failures ? `; ${s.failures} file${s.failures === 1 ? '' : 's'} failed` : ''}.`,
  );
  out.push(pc.dim(typesLine(s.types, s.typesWhy)));
  const configure = configureLine(result);
  if (configure) out.push(configure);
  const target = paths.length ? paths.join(' ') : '.';
  const changed = result.files.filter((f) => f.changed).map((f) => f.file);
  if (result.dryRun) {
    if (changed.length) out.push(`Next: ${pc.cyan(['npx uproot migrate', target, ...flags].join(' '))} to write these changes.`);
  } else {
    if (result.sdkUpgrade?.install) out.push(`Install the upgraded dependencies: ${pc.cyan(result.sdkUpgrade.install)}`);
    const format = formatterCommand(cwd, changed);
    if (format) out.push(`Format the changed files: ${pc.cyan(format)}`);
    else if (changed.length) out.push(`Format the changed files with your formatter: ${changed.join(' ')}`);
  }
  out.push(`What is left: ${pc.cyan(`npx uproot scan ${target}`)}`);
  return out.join('\n') + '\n';
}
