// Which workspace packages must take the SDK upgrade together with the migrated paths: a package that
// still uses the v1 SDK and imports a package being upgraded (or is imported by one) shares MCP types
// with it (an McpServer passed across), and a v1 type against a v2 one does not type-check.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectFiles } from '../files/walk.ts';
import { isWithin, readManifest, type Workspace, type WorkspacePackage } from '../files/workspaces.ts';

const V1_SPECIFIER = /['"]@modelcontextprotocol\/sdk(?:\/[^'"]*)?['"]/;

interface PackageFacts {
  pkg: WorkspacePackage;
  usesV1: boolean;
  /** Names of other workspace packages it imports or depends on. */
  imports: Set<string>;
}

async function factsOf(pkg: WorkspacePackage, names: string[], others: WorkspacePackage[]): Promise<PackageFacts> {
  const imports = new Set<string>();
  const manifest = readManifest(pkg.manifest) ?? {};
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = manifest[section];
    if (deps && typeof deps === 'object') for (const name of names) if (name in deps) imports.add(name);
  }
  let usesV1 = false;
  // A nested member's files belong to it, not to the package around it.
  const files = (await collectFiles([pkg.dir], pkg.dir)).files.filter((f) => !others.some((o) => o.dir !== pkg.dir && isWithin(o.dir, pkg.dir) && isWithin(f, o.dir)));
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (!usesV1 && text.includes('@modelcontextprotocol/sdk') && V1_SPECIFIER.test(text)) usesV1 = true;
    for (const name of names) if (!imports.has(name) && (text.includes(`'${name}`) || text.includes(`"${name}`)) && new RegExp(`['"]${escape(name)}(?:/[^'"]*)?['"]`).test(text)) imports.add(name);
  }
  return { pkg, usesV1, imports };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface UpgradePartners {
  /** Workspace packages the given paths cover, or sit in, that use the v1 SDK. */
  migrated: WorkspacePackage[];
  /** Packages outside the given paths that exchange MCP types with them, directly or through each other. */
  outside: Array<WorkspacePackage & { why: string }>;
}

export async function upgradePartners(workspace: Workspace, dirs: string[]): Promise<UpgradePartners> {
  const names = workspace.packages.map((p) => p.name).filter((n): n is string => !!n);
  const facts = await Promise.all(workspace.packages.map((p) => factsOf(p, names, workspace.packages)));
  const covered = (p: WorkspacePackage) => dirs.some((d) => isWithin(p.dir, d) || isWithin(d, p.dir));
  const upgrading = new Map<PackageFacts, string>(facts.filter((f) => covered(f.pkg) && f.usesV1).map((f) => [f, '']));
  // Grow the set until no v1 package outside it shares types with a package in it.
  for (let grown = true; grown; ) {
    grown = false;
    for (const f of facts) {
      if (upgrading.has(f) || !f.usesV1) continue;
      for (const member of upgrading.keys()) {
        const imported = member.pkg.name !== undefined && f.imports.has(member.pkg.name);
        const importer = f.pkg.name !== undefined && member.imports.has(f.pkg.name);
        if (!imported && !importer) continue;
        const memberName = member.pkg.name ?? path.basename(member.pkg.dir);
        upgrading.set(f, imported ? `imports ${memberName} and uses @modelcontextprotocol/sdk` : `is imported by ${memberName} and uses @modelcontextprotocol/sdk`);
        grown = true;
        break;
      }
    }
  }
  const migrated = [...upgrading.keys()].filter((f) => covered(f.pkg)).map((f) => f.pkg);
  const outside = [...upgrading].filter(([f]) => !covered(f.pkg)).map(([f, why]) => ({ ...f.pkg, why }));
  return { migrated, outside };
}
