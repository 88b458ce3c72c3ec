// One run of the official codemod's v1-to-v2 step: the upgrade (sdk-upgrade.ts) makes it, the repairs after it
// (sdk-upgrade-repairs.ts) read it, and both import it from here.
import type { RunnerResult } from '@modelcontextprotocol/codemod';

export interface SdkUpgrade {
  dir: string;
  filesChanged: number;
  result: RunnerResult;
}
