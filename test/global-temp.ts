// Tests make temporary directories with os.tmpdir() (and the npm, tsc and git they spawn make more). Point
// TMPDIR at one directory for the run and remove it afterwards, so a run leaves nothing in the system temp dir.
// Workers start after global setup and inherit this environment.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), 'uproot-test-run-'));
  // As open as /tmp itself (mkdtemp makes it 0700): the permission faults run as `nobody` inside it.
  chmodSync(root, 0o1777);
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = root;
  // What test files share within one run (the packed tarballs, test/consumer/project.ts) lives here too.
  process.env.UPROOT_TEST_RUN_DIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
