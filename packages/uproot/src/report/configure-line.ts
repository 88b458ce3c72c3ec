// After retiring roots state the server needs its directories from somewhere else: one line that
// says what to set before it runs again (the JSON report carries the same per site as `configure`).
import type { MigrateResult } from '../migrate/shapes.ts';

export function configureLine(result: MigrateResult): string | undefined {
  const wanted = new Map<string, string>();
  for (const f of result.files) {
    for (const o of f.outcomes) {
      const c = o.configure;
      if (!c || o.outcome !== 'rewritten') continue;
      const what = c.role === 'sandbox' ? 'the allowed directories' : c.param ? 'the default workspace' : "the directories the client's roots listed";
      if (c.env) wanted.set(c.env, `${c.env} (${what}${c.param ? `; tools also take "${c.param}"` : ''})`);
      else if (c.args) wanted.set('(args)', `the server's command-line arguments (${what})`);
    }
  }
  return wanted.size ? `The trust boundary moved: roots are retired; configure ${[...wanted.values()].join(', ')} where the server is launched.` : undefined;
}
