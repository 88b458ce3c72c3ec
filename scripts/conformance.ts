// Judge uproot with the official MCP conformance suite: serve each push-style fixture as written, after
// `uproot migrate --to mrtr`, and the hand-written MRTR reference, run the suite's 2026-07-28 MRTR scenarios
// against each, and print pass / WARN / FAIL per scenario.
//
//   npm run conformance                      originals, hand-written reference, uproot-migrated
//   npm run conformance -- --only migrated   just the uproot-migrated rows (e.g. to try a branch)
//   npm run conformance -- --fixture push-js --verbose
//   npm run conformance -- --scenario multi-round,capability-check
//
// Exit code: 0 when every uproot-migrated row passes every scenario, 1 otherwise (2 for a usage error).
import { formatMatrix, formatReasons, type MatrixRow, runRow } from '../test/conformance/harness/matrix.ts';
import { MRTR_SCENARIOS } from '../test/conformance/harness/scenarios.ts';
import { HAND_WRITTEN_REFERENCE, PUSH_FIXTURES, type Variant } from '../test/conformance/harness/servers.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const only = option('only');
if (only !== undefined && !['original', 'hand-written', 'migrated'].includes(only)) {
  console.error(`--only takes original, hand-written or migrated, not ${only}`);
  process.exit(2);
}
const fixtures = option('fixture')?.split(',') ?? [...PUSH_FIXTURES];
const wanted = option('scenario')?.split(',');
const scenarios = wanted ? MRTR_SCENARIOS.filter((s) => wanted.some((w) => s.name === w || s.name.endsWith(`-${w}`))) : MRTR_SCENARIOS;
if (scenarios.length === 0) {
  console.error(`no scenario matches ${wanted?.join(',')}; known: ${MRTR_SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const plan: { fixture: string; variant: Variant }[] = [];
for (const fixture of fixtures) {
  if (!only || only === 'original') plan.push({ fixture, variant: 'original' });
}
if (!only || only === 'hand-written') plan.push({ fixture: HAND_WRITTEN_REFERENCE, variant: 'hand-written' });
for (const fixture of fixtures) {
  if (!only || only === 'migrated') plan.push({ fixture, variant: 'uproot-migrated' });
}

const started = Date.now();
const rows: MatrixRow[] = [];
for (const { fixture, variant } of plan) {
  process.stderr.write(`running ${scenarios.length} scenarios against ${fixture} (${variant})…\n`);
  rows.push(await runRow(fixture, variant, { scenarios }));
}
console.log(formatMatrix(rows));
if (process.argv.includes('--verbose')) for (const row of rows) for (const reason of formatReasons(row)) console.log(reason);
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);

const migrated = rows.filter((r) => r.variant === 'uproot-migrated');
process.exit(migrated.every((r) => r.outcomes.every((o) => o.verdict === 'pass')) ? 0 : 1);
