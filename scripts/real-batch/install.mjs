// The install a repository's own lockfile asks for, without install scripts. `fresh` is the install after
// `--with-sdk-upgrade` changed package.json: the lockfile may be updated, as a user's `npm install` would.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function installCommand(root, { fresh = false } = {}) {
  // pnpm 10: pnpm 9 refuses a pnpm-workspace.yaml that holds settings only (no `packages`), as code-tools-mcp's does.
  if (existsSync(join(root, 'pnpm-lock.yaml'))) return `npx -y pnpm@10.34.9 install ${fresh ? '--no-frozen-lockfile' : '--frozen-lockfile'} --ignore-scripts`;
  if (existsSync(join(root, 'yarn.lock'))) {
    return `YARN_NPM_REGISTRY_SERVER=https://registry.npmjs.org YARN_ENABLE_SCRIPTS=0 YARN_ENABLE_IMMUTABLE_INSTALLS=${fresh ? 0 : 1} npx -y @yarnpkg/cli-dist@4.6.0 install`;
  }
  // bun.lock alone (Backlog.md, pi-delegate-mcp): bun, from the npm registry's bun package. A repository that
  // commits package-lock.json beside it (linear-mcp-server) installs with npm ci like the others.
  if (!existsSync(join(root, 'package-lock.json')) && existsSync(join(root, 'bun.lock'))) {
    return `npx -y bun@1.4.4 install ${fresh ? '' : '--frozen-lockfile '}--ignore-scripts`;
  }
  // No lockfile at all (mcp-chest-memory at its commit): npm resolves the package.json ranges (no lockfile to hold the versions to).
  if (!existsSync(join(root, 'package-lock.json')) && !existsSync(join(root, 'bun.lock'))) return 'npm install --ignore-scripts --no-audit --no-fund';
  return fresh ? 'npm install --ignore-scripts --no-audit --no-fund' : 'npm ci --ignore-scripts --no-audit --no-fund';
}
