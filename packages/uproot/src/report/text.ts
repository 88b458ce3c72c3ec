// `--format text`: sites grouped by file with file:line:column, kind and a one-line reason, then a
// summary by kind and the next command to run.
import { kindMessages, reasonMessages, type RootsSite } from '@uproot/core';
import pc from 'picocolors';
import type { ScanResult } from '../scan.ts';
import { summarize } from './summary.ts';

function firstSentence(text: string): string {
  const i = text.indexOf(': ');
  return i > 0 ? text.slice(0, i) : text;
}

export function siteLine(file: string, s: RootsSite): string {
  const where = pc.bold(`${file}:${s.line}:${s.column}`);
  const kind = s.kind === 'request' ? pc.red(s.kind) : pc.yellow(s.kind);
  const via = s.context.via.length ? ` via ${s.context.via.join(' → ')}` : '';
  const ctx = `${s.context.handler}${s.context.name ? ` ${JSON.stringify(s.context.name)}` : ''}${via}`;
  const what = s.action === 'rewrite' ? pc.green('migrate can rewrite') : s.reason ? pc.magenta(`[${s.reason}] ${reasonMessages[s.reason]}`) : firstSentence(kindMessages[s.kind]);
  return `  ${where}  ${kind}  ${s.form} in ${ctx}\n      ${what}`;
}

export function scanToText(result: ScanResult, paths: string[]): string {
  const out: string[] = [];
  for (const { file, sites } of result.files) {
    out.push(pc.underline(file));
    for (const s of sites) out.push(siteLine(file, s));
    out.push('');
  }
  for (const f of result.failures) out.push(`${pc.red('error')} ${f.file}: ${f.message}`);
  for (const n of result.notices) out.push(`${pc.dim('note')}  ${n.file}: ${n.message}`);
  if (result.failures.length || result.notices.length) out.push('');
  const sum = summarize(result);
  const kinds = Object.entries(sum.byKind).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
  out.push(`${sum.sites} roots site${sum.sites === 1 ? '' : 's'} in ${sum.filesWithSites} of ${sum.files} files${kinds ? ` (${kinds})` : ''}${sum.failures ? `; ${sum.failures} file${sum.failures === 1 ? '' : 's'} failed` : ''}.`);
  if (sum.sites) {
    out.push(`${sum.byAction.rewrite} can be rewritten, ${sum.byAction.mark} need a person (reason-coded), ${sum.byAction.report} are deprecated but keep working.`);
    const target = paths.length ? paths.join(' ') : '.';
    out.push(`Next: ${pc.cyan(`npx uproot migrate ${target} --dry-run`)} to preview the rewrites.`);
  }
  return out.join('\n') + '\n';
}
