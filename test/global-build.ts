// Tests that spawn the real `uproot` executable run the compiled dist/: rebuild the JavaScript once
// per test run, so they never run code older than the sources under test.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url)), '--js'], { stdio: 'inherit' });
}
