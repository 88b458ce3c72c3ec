// `--format text`: sites grouped by file with file:line:column, kind and a one-line reason, then a
// summary by kind and the next command to run. Colour only on a terminal, as supports-color decides.
import { facts, kindMessages, recommendedSeverity, ruleOfKind, type RootsSite } from '@uproot/core/light';
import pc from 'picocolors';
import { problemLocation, type ScanResult } from '../scan/scan.ts';
import { candidatesText } from './candidates-text.ts';
import { summarize } from './summary.ts';
import { typesLine } from './types-line.ts';
import { breaksOnRevision, headline } from './wording.ts';
import { describeReason } from '@uproot/core/light';

type Colors = ReturnType<typeof pc.createColors>;

export interface TextOptions {
  /** Default: stdout is a terminal, NO_COLOR is unset, FORCE_COLOR overrides. */
  color?: boolean;
}

/**
 * picocolors alone also colours piped output whenever `CI` is set, which puts escape codes into
 * files and pipes in CI; like supports-color, require a terminal unless FORCE_COLOR says otherwise.
 */
export function colorEnabled(stream: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return !!stream.isTTY && env.TERM !== 'dumb';
}

export function siteLine(file: string, s: Omit<RootsSite, 'node'>, c: Colors = pc.createColors(false)): string {
  const where = c.bold(`${file}:${s.line}:${s.column}`);
  const kind = recommendedSeverity[ruleOfKind[s.kind]] === 'error' ? c.red(s.kind) : c.yellow(s.kind);
  const via = s.context.via.length ? ` via ${s.context.via.join(' → ')}` : '';
  const ctx = `${s.context.handler}${s.context.name ? ` ${JSON.stringify(s.context.name)}` : ''}${via}`;
  const what =
    s.action === 'rewrite' ? c.green('uproot migrate can rewrite this site') : s.reason ? c.magenta(`[${s.reason}] ${describeReason(s.reason, s.detail)}`) : headline(kindMessages[s.kind]);
  return `  ${where}  ${kind}  ${s.form} in ${ctx}\n      ${what}${consumersLine(s)}`;
}

/** Quote a path for a POSIX shell when it holds anything but safe characters. */
function shellArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function scanToText(result: ScanResult, paths: string[], options: TextOptions = {}): string {
  const c = pc.createColors(options.color ?? colorEnabled());
  const out: string[] = [];
  for (const { file, sites, problems } of result.files) {
    out.push(c.underline(file));
    // Sites and MRTR problems in source order.
    const lines = [
      ...sites.map((s) => ({ at: s.range[0], text: siteLine(file, s, c) })),
      ...problems.map((p) => ({ at: p.range[0], text: `  ${c.bold(`${file}:${p.line}:${p.column}`)}  ${c.red('mrtr')}  uproot/${p.rule}\n      ${p.message}` })),
    ].sort((a, b) => a.at - b.at);
    for (const l of lines) out.push(l.text);
    out.push('');
  }
  if (result.candidates) out.push(...candidatesText(result.candidates, c));
  for (const f of result.failures) out.push(`${c.red('error')} ${problemLocation(f)}: ${f.message}`);
  for (const n of result.notices) out.push(`${c.dim('note')}  ${problemLocation(n)}: ${n.message}`);
  if (result.failures.length || result.notices.length) out.push('');
  const sum = summarize(result);
  const kinds = Object.entries(sum.byKind)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const failed = sum.failures ? `; ${sum.failures} file${sum.failures === 1 ? '' : 's'} failed` : '';
  out.push(`${sum.sites} roots site${sum.sites === 1 ? '' : 's'} in ${sum.filesWithSites} of ${sum.files} files${kinds ? ` (${kinds})` : ''}${failed}.`);
  out.push(c.dim(typesLine(sum.types, sum.typesWhy)));
  if (sum.problems) out.push(`${sum.problems} hand-rolled MRTR problem${sum.problems === 1 ? '' : 's'} break the 2026-07-28 rules; fix them by hand (see each rule's page).`);
  const target = paths.length ? paths.map(shellArg).join(' ') : '.';
  if (sum.sites) {
    // Reported push requests (elicitation or sampling uproot cannot move) throw on the breaking revision: not "keep working".
    const breaking = result.files.reduce((n, f) => n + f.sites.filter((s) => s.action === 'report' && breaksOnRevision(s.kind)).length, 0);
    const working = `${sum.byAction.report - breaking} are deprecated but keep working`;
    const broken = breaking ? `, ${breaking} break on ${facts.breakingRevision} and are left for you to move` : '';
    out.push(`${sum.byAction.rewrite} can be rewritten, ${sum.byAction.mark} need a person (reason-coded), ${working}${broken}.`);
    out.push(`Next: ${c.cyan(`npx uproot migrate ${target} --dry-run`)} to preview the rewrites.`);
  } else if (sum.failures) {
    out.push(`Next: fix the files marked error above, then run ${c.cyan(`npx uproot scan ${target}`)} again.`);
  } else if (!sum.problems) {
    out.push('Nothing to migrate.');
  }
  return out.join('\n') + '\n';
}

/** For roots kept in state: the handlers that read it, i.e. the tools to migrate. */
export function consumersLine(s: Pick<RootsSite, 'consumers' | 'role'>): string {
  if (!s.consumers) return '';
  if (s.consumers.length === 0) return '\n      no tool, prompt or resource handler reads the state these roots feed';
  const names = s.consumers.map((c) => `${c.handler}${c.name ? ` ${JSON.stringify(c.name)}` : ''}${c.via.length ? ` (via ${c.via.join(' → ')})` : ''}`);
  const role = s.role === 'sandbox' ? ' — as a sandbox (containment checks)' : s.role === 'workspace' ? ' — as a workspace (a base directory)' : '';
  return `\n      read by: ${names.join(', ')}${role}`;
}
