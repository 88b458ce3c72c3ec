// package.json `exports` and `imports`: which file a subpath (`.`, `./server`, `#db`) names. Sources
// are what the finder reads, so conditions that point at them (`source`, `types`) come first.
const CONDITIONS = ['source', 'development', 'types', 'import', 'module', 'node', 'require', 'default'];

/** Every target the map gives `key` (exact key, or the longest `*` pattern), best condition first. */
export function subpathTargets(map: unknown, key: string): string[] {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return key === '.' ? targetsOf(map, '') : [];
  const entries = Object.entries(map as Record<string, unknown>);
  // `{ "import": "./x.js" }` with no subpath keys is the `.` entry itself.
  if (entries.length && entries.every(([k]) => !k.startsWith('.') && !k.startsWith('#'))) return key === '.' ? targetsOf(map, '') : [];
  const exact = entries.find(([k]) => k === key);
  if (exact) return targetsOf(exact[1], '');
  let best: { prefix: string; value: unknown; matched: string } | undefined;
  for (const [k, value] of entries) {
    const star = k.indexOf('*');
    if (star < 0) {
      // Node's old folder form: `"./lib/": "./src/lib/"`.
      if (k.endsWith('/') && key.startsWith(k) && (!best || k.length > best.prefix.length)) best = { prefix: k, value, matched: key.slice(k.length) };
      continue;
    }
    const prefix = k.slice(0, star);
    const suffix = k.slice(star + 1);
    if (!key.startsWith(prefix) || !key.endsWith(suffix) || key.length < prefix.length + suffix.length) continue;
    if (!best || prefix.length > best.prefix.length) best = { prefix, value, matched: key.slice(prefix.length, key.length - suffix.length) };
  }
  return best ? targetsOf(best.value, best.matched) : [];
}

function targetsOf(value: unknown, matched: string): string[] {
  if (typeof value === 'string') return [value.includes('*') ? value.split('*').join(matched) : value.endsWith('/') ? value + matched : value];
  if (Array.isArray(value)) return value.flatMap((v) => targetsOf(v, matched));
  if (value === null || typeof value !== 'object') return [];
  const conditions = value as Record<string, unknown>;
  const ordered = [...CONDITIONS.filter((c) => c in conditions), ...Object.keys(conditions).filter((c) => !CONDITIONS.includes(c))];
  return ordered.flatMap((c) => targetsOf(conditions[c], matched));
}

export interface PackageManifest {
  name?: string;
  exports?: unknown;
  imports?: unknown;
  main?: string;
  module?: string;
  types?: string;
  typings?: string;
  source?: string;
  workspaces?: unknown;
}

/** The files a package's root entry may be, best first, when `exports` does not say. */
export function rootEntryTargets(manifest: PackageManifest): string[] {
  const fields = [manifest.source, manifest.types, manifest.typings, manifest.module, manifest.main];
  return [...fields.filter((f): f is string => typeof f === 'string'), './index', './src/index'];
}
