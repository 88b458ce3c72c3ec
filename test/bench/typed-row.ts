// The typed row of `npm run bench`: on one TypeScript project with its MCP packages installed,
// `tsc --noEmit -p` (a full check, what a user already runs) against `uproot scan --types on` (the
// checker asked only about the receivers of files the text pre-filter kept), interleaved, medians.
import path from 'node:path';

export const TYPED_RATIO_MAX = 0.5;

interface TimedRun {
  wallMs: number;
  cpuMs?: number;
  rssKb?: number;
  exit: number | string;
  capped: boolean;
  stdout: string;
  stderr: string;
}

export interface TypedRowInput {
  /** A directory holding tsconfig.json, with its dependencies installed. */
  project: string;
  uprootBin: string;
  reps: number;
  capMs: number;
  measure(args: string[], cwd: string, capMs: number): Promise<TimedRun>;
  progress(line: string): void;
}

export interface TypedRow {
  note: string;
  lines: string[];
  target: { name: string; met: boolean | undefined; detail: string };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function benchTyped(input: TypedRowInput): Promise<TypedRow> {
  const { project } = input;
  const tscBin = path.resolve(import.meta.dirname, '../../node_modules/typescript/bin/tsc');
  const subjects = [
    { id: 'tsc', label: 'tsc --noEmit -p tsconfig.json', args: [tscBin, '--noEmit', '-p', path.join(project, 'tsconfig.json')] },
    { id: 'scan', label: 'uproot scan --types on', args: [input.uprootBin, 'scan', '.', '--types', 'on', '--format', 'json'] },
  ];
  const runs = new Map<string, TimedRun[]>(subjects.map((s) => [s.id, []]));
  for (const s of subjects) await input.measure(s.args, project, input.capMs); // warm-up (page cache, compile cache)
  for (let rep = 0; rep < input.reps; rep++) {
    for (const s of rep % 2 ? [...subjects].reverse() : subjects) {
      const run = await input.measure(s.args, project, input.capMs);
      runs.get(s.id)!.push(run);
      input.progress(`  typed round ${rep + 1}/${input.reps} ${s.id.padEnd(5)} ${(run.wallMs / 1000).toFixed(2)} s${run.rssKb ? `  ${(run.rssKb / 1024).toFixed(0)} MB` : ''}`);
    }
  }
  const lines: string[] = [];
  const wall = (id: string) => {
    const rs = runs.get(id)!;
    return rs.some((r) => r.capped) ? undefined : median(rs.map((r) => r.wallMs));
  };
  for (const s of subjects) {
    const rs = runs.get(s.id)!;
    const cpu = rs.map((r) => r.cpuMs).filter((x): x is number => x !== undefined);
    const peak = Math.max(...rs.map((r) => r.rssKb ?? 0)) / 1024;
    const w = wall(s.id);
    lines.push(
      `  ${s.label.padEnd(30)} ${w === undefined ? 'capped' : `${(w / 1000).toFixed(2)} s`}   runs ${rs.map((r) => (r.wallMs / 1000).toFixed(2)).join(' ')}   cpu ${cpu.length ? (median(cpu) / 1000).toFixed(2) : '–'} s   peak ${peak.toFixed(0)} MB   ${check(s.id, rs[rs.length - 1]!)}`,
    );
  }
  const tsc = wall('tsc');
  const scan = wall('scan');
  const ratio = tsc && scan !== undefined ? scan / tsc : undefined;
  // CPU time too: on a shared machine it moves less with the load than wall time does.
  const cpu = (id: string) => {
    const xs = runs.get(id)!.map((r) => r.cpuMs).filter((x): x is number => x !== undefined);
    return xs.length ? median(xs) : undefined;
  };
  const tscCpu = cpu('tsc');
  const scanCpu = cpu('scan');
  const cpuRatio = tscCpu && scanCpu !== undefined ? ` (cpu ${(scanCpu / tscCpu).toFixed(2)}×)` : '';
  lines.push(`typed scan / tsc        ${ratio === undefined ? 'not measured' : `${ratio.toFixed(2)}×${cpuRatio}`}   target ≤ ${TYPED_RATIO_MAX}×`);
  return {
    note: `project ${project} (its own tsconfig.json, its installed @modelcontextprotocol packages)`,
    lines,
    target: { name: 'typed-scan/tsc', met: ratio === undefined ? undefined : ratio <= TYPED_RATIO_MAX, detail: ratio === undefined ? 'not measured' : `${ratio.toFixed(2)}×` },
  };
}

function check(id: string, run: TimedRun): string {
  if (id === 'tsc') return run.exit === 0 ? 'no type errors' : `exit ${run.exit} (${run.stdout.split('\n').filter((l) => / error TS/.test(l)).length} type errors)`;
  try {
    const r = JSON.parse(run.stdout) as { summary: { files: number; sites: number; types: string } };
    return `${r.summary.files} files, ${r.summary.sites} sites, types ${r.summary.types}`;
  } catch {
    return `!! no JSON (exit ${run.exit}): ${run.stderr.split('\n')[0] ?? ''}`;
  }
}
