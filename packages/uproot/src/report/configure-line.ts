// After retiring roots state the server needs its directories from somewhere else, and after MRTR rounds that
// carry signed requestState it needs the signing key: a line each that says what to set before it runs again
// (the JSON report carries the same per site as `configure`).
import type { MigrateResult } from '../migrate/shapes.ts';
import { STATE_KEY_ENV } from '../../../../transforms/mrtr/request-state.ts';

export function configureLine(result: MigrateResult): string | undefined {
  const wanted = new Map<string, string>();
  let stateKey = false;
  for (const f of result.files) {
    for (const o of f.outcomes) {
      const c = o.configure;
      if (!c || o.outcome !== 'rewritten') continue;
      if (c.env === STATE_KEY_ENV) {
        stateKey = true;
        continue;
      }
      const what = c.role === 'sandbox' ? 'the allowed directories' : c.param ? 'the default workspace' : "the directories the client's roots listed";
      if (c.env) wanted.set(c.env, `${c.env} (${what}${c.param ? `; tools also take "${c.param}"` : ''})`);
      else if (c.args) wanted.set('(args)', `the server's command-line arguments (${what})`);
    }
  }
  const lines = [
    wanted.size ? `The trust boundary moved: roots are retired; configure ${[...wanted.values()].join(', ')} where the server is launched.` : '',
    // Without the variable each process signs with a random key of its own: a retry served by another process is refused.
    stateKey ? `Answers carried between rounds are signed: set ${STATE_KEY_ENV} (32+ bytes, the same in every process serving the same clients) where the server is launched.` : '',
  ].filter(Boolean);
  return lines.length ? lines.join('\n') : undefined;
}
