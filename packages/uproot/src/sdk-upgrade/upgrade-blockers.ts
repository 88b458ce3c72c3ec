// Whether an upgrade is clean by the official codemod's own account. An upgrade that only buys a split of a helper
// nothing calls is applied only when it is: the codemod's markers ("manual migration required") and warnings (a zod
// range below v2's floor, whose schemas v2 rejects at run time) each name code the upgrade would leave broken.
import type { SdkUpgradeDiagnostic, SdkUpgradeReport } from '../report/shapes.ts';
import { V1_IMPORT_LEFT } from './sdk-upgrade-report.ts';

/** The findings that say the upgraded code still needs a person; files left on v1 are judged on their own (leftBehind). */
export function upgradeBlockers(report: SdkUpgradeReport): SdkUpgradeDiagnostic[] {
  return report.diagnostics.filter((d) => d.level !== 'info' && !d.message.startsWith(V1_IMPORT_LEFT));
}

/** `file:line first sentence` for the first three blockers, for a marker and the summary. */
export function describeBlockers(blockers: SdkUpgradeDiagnostic[]): string {
  const shown = blockers.slice(0, 3).map((d) => `${d.file}:${d.line} ${firstSentence(d.message)}`);
  const more = blockers.length > 3 ? ` and ${blockers.length - 3} more` : '';
  return `the official codemod's upgrade would leave ${blockers.length} finding${blockers.length === 1 ? '' : 's'} for a person (${shown.join('; ')}${more})`;
}

function firstSentence(message: string): string {
  const end = message.search(/\.(\s|$)/);
  return end === -1 ? message : message.slice(0, end);
}
