// The official codemod names the v1 features v2 removed with nothing in their place ("Experimental tasks removed
// in v2 (SEP-2663 …). No v2 equivalent.") and upgrades anyway, leaving a marker. A server that uses one stops
// compiling, or loses the feature at run time: on the reference everything server (experimental tasks: a
// taskStore in the McpServer options, a tool that creates tasks) the upgrade added 12 type errors and failed 16 of
// its 107 tests, none of them about roots. No roots rewrite pays for that: the upgrade is held, and the marker
// says which feature, where. Test files are left out: they are listed for the person who updates them.
import path from 'node:path';
import { isTestFileOf } from '../../../../transforms/mrtr/test-files.ts';
import type { SdkUpgradeDiagnostic, SdkUpgradeReport } from '../report/shapes.ts';

const NO_EQUIVALENT = /\bremoved in v2\b[^|]*\bNo v2 equivalent\b/;

/** The codemod's findings of a removed feature in the project's own (non-test) files; `cwd`: what their paths are relative to. */
export function removedFeatures(report: SdkUpgradeReport, cwd: string): SdkUpgradeDiagnostic[] {
  return report.diagnostics.filter((d) => d.level !== 'info' && NO_EQUIVALENT.test(d.message) && !isTestFileOf(path.resolve(cwd, d.file), cwd));
}

/** Why the upgrade is held: the features, and where the first uses are. */
export function describeRemoved(found: SdkUpgradeDiagnostic[]): string {
  const features = [...new Set(found.map((d) => featureOf(d.message)))];
  const where = found.slice(0, 3).map((d) => `${d.file}:${d.line}`).join(', ') + (found.length > 3 ? ` and ${found.length - 3} more` : '');
  return `the project uses ${features.join(' and ')}, which v2 removed with no equivalent (the official codemod says so at ${where}): the upgraded server would stop compiling or lose the feature (move off it first, then upgrade)`;
}

/** "Experimental tasks" from "Experimental tasks removed in v2 (…)", or from "Remove 'taskStore' … — experimental tasks removed in v2 …". */
function featureOf(message: string): string {
  const m = /(?:^|— )([^—|]*?) removed in v2/.exec(message);
  const feature = (m?.[1] ?? 'a feature').trim();
  return feature.charAt(0).toLowerCase() + feature.slice(1);
}
