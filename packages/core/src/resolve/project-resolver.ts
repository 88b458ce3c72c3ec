// Which project file an import specifier names, the way the project configures it: relative paths
// (`.js` naming `.ts`), tsconfig `paths` / `baseUrl`, package.json `imports` (`#x`), and workspace
// packages of a monorepo, read from their sources. MCP packages and Node built-ins are never files.
import path from 'node:path';
import { mcpModule } from '../surface.ts';
import { ConfigFiles } from './config-files.ts';
import { type PackageManifest, rootEntryTargets, subpathTargets } from './package-json.ts';
import { type Exists, onDisk, probePackageTarget, probeSourceFile } from './source-files.ts';
import { TsconfigPaths, mappedPaths } from './tsconfig-paths.ts';
import { Workspaces } from './workspaces.ts';

const MAX_HOPS = 4;

export class ProjectResolver {
  private readonly files = new ConfigFiles();
  private readonly workspaces = new Workspaces(this.files);
  private readonly tsconfig = new TsconfigPaths(this.files, (name, dir) => this.workspaces.packageDir(name, dir) ?? this.installedPackage(name, dir));
  private readonly cache = new Map<string, string | null>();

  /** The source file `spec` names, imported from `from`; `exists` decides which files count. */
  resolve(from: string, spec: string, exists: Exists = onDisk, hops = 0): string | undefined {
    const dir = path.dirname(from);
    if (spec.startsWith('.') || path.isAbsolute(spec)) return probeSourceFile(path.resolve(dir, spec), exists);
    if (hops > MAX_HOPS || spec.startsWith('node:') || mcpModule(spec) || /^[a-z][a-z0-9+.-]*:/i.test(spec)) return undefined;
    // Non-relative answers depend only on the configs around the directory: cache them for files on disk.
    const key = exists === onDisk ? `${dir}\0${spec}` : undefined;
    const cached = key ? this.cache.get(key) : undefined;
    if (cached !== undefined) return cached ?? undefined;
    const found = this.resolveBare(dir, spec, exists, hops);
    if (key) this.cache.set(key, found ?? null);
    return found;
  }

  private resolveBare(dir: string, spec: string, exists: Exists, hops: number): string | undefined {
    if (spec.startsWith('#')) return this.packageImport(dir, spec, exists, hops);
    const mapping = this.tsconfig.forDirectory(dir);
    if (mapping) {
      for (const target of mappedPaths(mapping, spec)) {
        const found = probeSourceFile(target, exists);
        if (found) return found;
      }
      const underBase = mapping.baseUrl ? probeSourceFile(path.join(mapping.baseUrl, spec), exists) : undefined;
      if (underBase) return underBase;
    }
    const { name, subpath } = splitPackage(spec);
    const pkg = name ? this.workspaces.packageDir(name, dir) : undefined;
    return pkg ? this.packageEntry(pkg, subpath, exists) : undefined;
  }

  /** `#db` through the `imports` of the package the file belongs to. */
  private packageImport(dir: string, spec: string, exists: Exists, hops: number): string | undefined {
    const manifestFile = this.files.closest(dir, 'package.json');
    if (!manifestFile) return undefined;
    const manifest = this.files.read(manifestFile) as PackageManifest;
    for (const target of subpathTargets(manifest.imports, spec)) {
      const found = target.startsWith('.')
        ? probePackageTarget(path.dirname(manifestFile), target, exists)
        : this.resolve(manifestFile, target, exists, hops + 1);
      if (found) return found;
    }
    return undefined;
  }

  /** A workspace package's entry for a subpath: `exports`, else `types` / `main` / the path itself. */
  private packageEntry(pkg: string, subpath: string, exists: Exists): string | undefined {
    const manifest = (this.files.read(path.join(pkg, 'package.json')) ?? {}) as PackageManifest;
    const targets =
      manifest.exports !== undefined
        ? subpathTargets(manifest.exports, subpath ? `./${subpath}` : '.')
        : subpath
          ? [`./${subpath}`, `./src/${subpath}`]
          : rootEntryTargets(manifest);
    for (const target of targets) {
      const found = probePackageTarget(pkg, target, exists);
      if (found) return found;
    }
    return undefined;
  }

  /** An installed package's folder, for configs that extend one (`@tsconfig/node20`). */
  private installedPackage(name: string, fromDir: string): string | undefined {
    let dir = fromDir;
    for (;;) {
      const candidate = path.join(dir, 'node_modules', name);
      if (this.files.read(path.join(candidate, 'package.json')) !== undefined) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }
}

function splitPackage(spec: string): { name: string | undefined; subpath: string } {
  const parts = spec.split('/');
  const length = spec.startsWith('@') ? 2 : 1;
  if (parts.length < length || parts.slice(0, length).some((p) => !p)) return { name: undefined, subpath: '' };
  return { name: parts.slice(0, length).join('/'), subpath: parts.slice(length).join('/') };
}

/** One resolver per process, so ESLint, scan and migrate read each config once. */
export const sharedProjectResolver = new ProjectResolver();
