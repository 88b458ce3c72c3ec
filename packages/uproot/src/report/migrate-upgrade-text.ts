// The text report's run-level sections: what the official codemod's SDK upgrade did (dependencies,
// install, its own markers and diagnostics, and that it needs review), and the tests to update.
import type pcDefault from 'picocolors';
import type { SdkUpgradeReport, TestToUpdate } from './shapes.ts';

type Colors = ReturnType<typeof pcDefault.createColors>;

export function sdkUpgradeLines(upgrade: SdkUpgradeReport, dryRun: boolean, pc: Colors): string[] {
  if (!upgrade.applied) return ['', pc.bold(`SDK upgrade (official @modelcontextprotocol/codemod v1-to-v2 on ${upgrade.dirs.join(', ')}): not applied`), `  ${upgrade.skipped ?? ''}`];
  const out = ['', pc.bold(`SDK upgrade (official @modelcontextprotocol/codemod v1-to-v2 on ${upgrade.dirs.join(', ')}): ${dryRun ? 'would change' : 'changed'} ${upgrade.filesChanged} file${upgrade.filesChanged === 1 ? '' : 's'}`)];
  for (const d of upgrade.dependencies) {
    const change = d.from === null ? `added ${d.to}` : d.to === null ? `removed (was ${d.from})` : `${d.from} -> ${d.to}`;
    out.push(`  ${pc.cyan(d.manifest)} ${d.name}: ${change}`);
  }
  // A written run ends with the install command among its next steps; a dry run says it here.
  if (upgrade.install && dryRun) out.push(`  Dependencies would change: after writing, run ${pc.cyan(upgrade.install)} before building or testing.`);
  for (const d of upgrade.diagnostics) out.push(`  ${d.level === 'marker' ? pc.magenta('codemod marker') : pc.yellow(`codemod ${d.level}`)} ${d.file}:${d.line} ${d.message}`);
  out.push(
    `  ${pc.yellow('Review the upgrade step:')} the official codemod alone leaves new type errors or test failures in many servers; run your type check and tests${upgrade.diagnostics.length ? ', and resolve its markers above,' : ''} before you commit.`,
  );
  return out;
}

export function testsToUpdateLines(tests: TestToUpdate[], pc: Colors): string[] {
  if (!tests.length) return [];
  return ['', pc.bold(`Tests that drive roots behaviour this migration removed (update them yourself; uproot did not edit them):`), ...tests.map((t) => `  ${pc.cyan(t.file)}: ${t.why}`)];
}
