// `npm run demo`: what uproot finds in the embedded example, then what `migrate` would change — as
// diffs, writing nothing. The example keeps its push-style code, so the demo can run again.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../packages/uproot/bin/uproot.js', import.meta.url));
const example = 'examples/legacy-server';

function run(title, args) {
  process.stdout.write(`\n\x1b[1m$ uproot ${args.join(' ')}\x1b[0m   # ${title}\n\n`);
  const { status } = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
  return status;
}

run('every roots site, with what migrate would do', ['scan', example]);
const migrate = run('the rewrites as diffs; nothing is written', ['migrate', example, '--dry-run']);
process.stdout.write(`\nmigrate --dry-run exited ${migrate}: ${migrate === 1 ? 'work remains for a person (the marked sites above), as expected for this example' : migrate === 0 ? 'nothing left to do' : 'a file failed'}.\n`);
process.exitCode = migrate === 2 ? 2 : 0;
