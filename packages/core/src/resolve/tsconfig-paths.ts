// What a project's tsconfig.json (or jsconfig.json) says about bare specifiers: `paths` and `baseUrl`,
// through `extends` chains (relative files and packages, TypeScript 5's arrays) and, for a solution
// config with no paths of its own (Vite's layout), the configs it references.
import path from 'node:path';
import type { ConfigFiles } from './config-files.ts';

export interface PathMapping {
  /** Absolute; bare specifiers are also looked up under it. */
  baseUrl?: string;
  /** Patterns with at most one `*`, targets already absolute. */
  paths: Array<{ pattern: string; targets: string[] }>;
}

interface Options {
  baseUrl?: string;
  paths?: Record<string, string[]>;
  /** The directory `paths` targets are relative to when there is no baseUrl. */
  pathsDir?: string;
}

const MAX_EXTENDS = 10;

export class TsconfigPaths {
  private readonly byConfig = new Map<string, PathMapping | null>();
  private readonly files: ConfigFiles;
  /** Finds a package's folder by name (node_modules, or a workspace package of the monorepo). */
  private readonly packageDir: (name: string, fromDir: string) => string | undefined;

  constructor(files: ConfigFiles, packageDir: (name: string, fromDir: string) => string | undefined) {
    this.files = files;
    this.packageDir = packageDir;
  }

  /** The mapping that applies to files of `dir`: the closest tsconfig.json or jsconfig.json. */
  forDirectory(dir: string): PathMapping | undefined {
    const config = this.files.closest(dir, 'tsconfig.json', 'jsconfig.json');
    return config ? this.mappingOf(config) : undefined;
  }

  private mappingOf(config: string): PathMapping | undefined {
    const cached = this.byConfig.get(config);
    if (cached !== undefined) return cached ?? undefined;
    let options = this.optionsOf(config, new Set());
    if (!options.paths) {
      for (const ref of this.referencesOf(config)) {
        const referenced = this.optionsOf(ref, new Set());
        if (referenced.paths) {
          options = referenced;
          break;
        }
      }
    }
    const mapping = toMapping(options);
    this.byConfig.set(config, mapping ?? null);
    return mapping;
  }

  private optionsOf(config: string, seen: Set<string>): Options {
    const json = this.files.read(config) as { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | undefined;
    if (!json || typeof json !== 'object' || seen.has(config) || seen.size > MAX_EXTENDS) return {};
    seen.add(config);
    const dir = path.dirname(config);
    let inherited: Options = {};
    const bases = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
    for (const base of bases) {
      const file = typeof base === 'string' ? this.extendedConfig(dir, base) : undefined;
      if (file) inherited = { ...inherited, ...defined(this.optionsOf(file, seen)) };
    }
    const own: Options = {};
    const opts = json.compilerOptions;
    if (opts && typeof opts.baseUrl === 'string') own.baseUrl = path.resolve(dir, opts.baseUrl);
    if (opts && opts.paths && typeof opts.paths === 'object') {
      own.paths = opts.paths as Record<string, string[]>;
      own.pathsDir = dir;
    }
    return { ...inherited, ...defined(own) };
  }

  /** `./base.json`, `../tsconfig.base`, `@tsconfig/node20/tsconfig.json`, `@repo/config/base.json`, `pkg`. */
  private extendedConfig(dir: string, spec: string): string | undefined {
    const candidates: string[] = [];
    if (spec.startsWith('.') || path.isAbsolute(spec)) {
      const file = path.resolve(dir, spec);
      candidates.push(file, file + '.json');
    } else {
      const parts = spec.split('/');
      const nameLength = spec.startsWith('@') ? 2 : 1;
      const name = parts.slice(0, nameLength).join('/');
      const sub = parts.slice(nameLength).join('/');
      const pkg = this.packageDir(name, dir);
      if (pkg) {
        if (sub) candidates.push(path.join(pkg, sub), path.join(pkg, sub + '.json'));
        else candidates.push(path.join(pkg, 'tsconfig.json'));
      }
    }
    return candidates.find((c) => this.files.read(c) !== undefined);
  }

  private referencesOf(config: string): string[] {
    const json = this.files.read(config) as { references?: unknown } | undefined;
    if (!json || !Array.isArray(json.references)) return [];
    const dir = path.dirname(config);
    const out: string[] = [];
    for (const ref of json.references as Array<{ path?: unknown }>) {
      if (typeof ref?.path !== 'string') continue;
      const target = path.resolve(dir, ref.path);
      out.push(this.files.read(target) !== undefined ? target : path.join(target, 'tsconfig.json'));
    }
    return out;
  }
}

function toMapping(options: Options): PathMapping | undefined {
  if (!options.baseUrl && !options.paths) return undefined;
  const base = options.baseUrl ?? options.pathsDir ?? '.';
  const paths = Object.entries(options.paths ?? {})
    .filter(([pattern, targets]) => pattern.split('*').length <= 2 && Array.isArray(targets))
    .map(([pattern, targets]) => ({ pattern, targets: targets.filter((t) => typeof t === 'string').map((t) => path.resolve(base, t)) }))
    // TypeScript picks the pattern with the longest prefix before the `*`.
    .sort((a, b) => prefixLength(b.pattern) - prefixLength(a.pattern));
  return { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), paths };
}

function prefixLength(pattern: string): number {
  const star = pattern.indexOf('*');
  return star < 0 ? Number.MAX_SAFE_INTEGER : star;
}

function defined(o: Options): Options {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Options;
}

/** The absolute paths a specifier maps to under `paths`, best match first. */
export function mappedPaths(mapping: PathMapping, spec: string): string[] {
  for (const { pattern, targets } of mapping.paths) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      if (pattern === spec) return targets;
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (spec.length < prefix.length + suffix.length || !spec.startsWith(prefix) || !spec.endsWith(suffix)) continue;
    const matched = spec.slice(prefix.length, spec.length - suffix.length);
    return targets.map((t) => t.replace('*', matched));
  }
  return [];
}
