// One row per server (fixture × variant), one column per scenario: each server is served on its own port
// and the suite's CLI runs the scenarios against it, a few at a time (each run is its own Node process).
import { MRTR_SCENARIOS, type ConformanceScenario } from './scenarios.ts';
import { runScenario, type ScenarioOutcome, type Verdict } from './run-suite.ts';
import { serveHttp } from './serve-http.ts';
import { loadServer, type MigrationSummary, type Variant } from './servers.ts';

export interface MatrixRow {
  fixture: string;
  variant: Variant;
  migration?: MigrationSummary;
  outcomes: ScenarioOutcome[];
}

export interface MatrixOptions {
  scenarios?: readonly ConformanceScenario[];
  /** Suite processes at once per server (default 2: the machines this runs on have two cores). */
  concurrency?: number;
}

async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function runRow(fixture: string, variant: Variant, options: MatrixOptions = {}): Promise<MatrixRow> {
  const scenarios = options.scenarios ?? MRTR_SCENARIOS;
  const server = await loadServer(fixture, variant);
  try {
    const served = await serveHttp(server.createServer);
    try {
      const outcomes = await inParallel(scenarios, options.concurrency ?? 2, (s) => runScenario(served.url, s.name));
      return { fixture, variant, ...(server.migration ? { migration: server.migration } : {}), outcomes };
    } finally {
      await served.close();
    }
  } finally {
    await server.cleanup();
  }
}

const MARK: Record<Verdict, string> = { pass: 'pass', warn: 'WARN', fail: 'FAIL' };

/** A plain-text table: scenarios down, servers across; each cell pass / WARN / FAIL. */
export function formatMatrix(rows: readonly MatrixRow[]): string {
  const names = rows[0]?.outcomes.map((o) => o.scenario) ?? [];
  const headers = rows.map((r) => `${r.fixture} ${r.variant}`);
  const first = Math.max(...names.map((n) => n.length), 'scenario'.length);
  const widths = headers.map((h) => h.length);
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(first) : c.padEnd(widths[i - 1]!))).join(' | ');
  const out = [line(['scenario', ...headers]), line(['-'.repeat(first), ...widths.map((w) => '-'.repeat(w))])];
  for (const name of names) {
    out.push(line([name, ...rows.map((r) => MARK[r.outcomes.find((o) => o.scenario === name)!.verdict])]));
  }
  const passed = rows.map((r) => `${r.outcomes.filter((o) => o.verdict === 'pass').length}/${r.outcomes.length}`);
  out.push(line(['passed', ...passed]));
  for (const r of rows) {
    if (!r.migration) continue;
    const m = r.migration;
    out.push(
      `${r.fixture} migrate --to mrtr: ${m.rewritten} rewritten, ${m.marked} marked${m.reasons.length ? ` (${m.reasons.join(', ')})` : ''}, ${m.reported} reported` +
        (m.failures.length ? `; failures: ${m.failures.join('; ')}` : ''),
    );
  }
  return out.join('\n');
}

/** The first failing or warning check of each scenario that did not pass, for a reader who wants the why. */
export function formatReasons(row: MatrixRow): string[] {
  return row.outcomes
    .filter((o) => o.verdict !== 'pass')
    .map((o) => {
      const bad = o.checks.find((c) => c.status === 'FAILURE') ?? o.checks.find((c) => c.status === 'WARNING');
      return `${row.fixture} ${row.variant} ${o.scenario}: ${bad ? `${bad.id} ${bad.status} ${bad.errorMessage ?? ''}` : 'no checks'}`.trim();
    });
}
