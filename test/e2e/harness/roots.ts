import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '@modelcontextprotocol/client';

/** A directory the harness creates: its files (path relative to the dir → contents). */
export interface DirSpec {
  /** Directory name on disk; the two roots use characters that naive URI handling gets wrong. */
  dirName: string;
  /** The root's `name` in `roots/list`, and the token its path becomes in normalized answers. */
  label: string;
  files: Readonly<Record<string, string>>;
}

export interface WorkspaceDir extends DirSpec {
  /** Absolute, realpath'd. */
  path: string;
  uri: string;
  /** Sorted top-level entry names, directories suffixed with `/`. */
  entries: string[];
}

export interface RootsWorld {
  base: string;
  /** The directories offered as roots, in the order `roots` lists them. */
  dirs: WorkspaceDir[];
  /** The directory a fixture falls back to when the client has no roots (env `WORKSPACE_DIR`). */
  fallback: WorkspaceDir;
  /** What the roots-capable client answers `roots/list` with. */
  roots: Root[];
  /** Environment the fixtures read their configuration from. */
  env: Record<string, string>;
  /** Temp paths and their URIs → `<Label>` / `<Label:uri>`, for normalize. */
  replacements: Array<[string, string]>;
  /** The token a directory's path becomes after normalization. */
  token(dir: WorkspaceDir): string;
  /** The token a directory's `file:` URI becomes after normalization. */
  uriToken(dir: WorkspaceDir): string;
  cleanup(): void;
}

export const ROOT_DIRS: readonly DirSpec[] = [
  {
    dirName: 'my project',
    label: 'Project',
    files: {
      'README.md': '# My project\n',
      'notes.md': 'remember the milk\n',
      'package.json': '{ "name": "my-project" }\n',
      '.env': 'SECRET=1\n',
      'src/index.ts': 'export const answer = 42;\n',
    },
  },
  {
    dirName: 'api#2',
    label: 'API',
    files: {
      'CHANGELOG.md': '## 2.0.0\n- breaking\n',
      'openapi.yaml': 'openapi: 3.1.0\n',
      'server.ts': 'export {};\n',
      'schemas/pet.json': '{}\n',
      'schemas/v1/old.json': '{}\n',
    },
  },
];

export const FALLBACK_DIR: DirSpec = {
  dirName: 'fallback',
  label: 'Fallback',
  files: { 'TODO.md': '- nothing\n', 'settings.json': '{}\n' },
};

function topEntries(files: Readonly<Record<string, string>>): string[] {
  const names = new Set<string>();
  for (const rel of Object.keys(files)) {
    const [first, ...rest] = rel.split('/');
    names.add(rest.length > 0 ? `${first}/` : first);
  }
  return [...names].sort();
}

function materialize(base: string, spec: DirSpec): WorkspaceDir {
  const dir = path.join(base, spec.dirName);
  for (const [rel, text] of Object.entries(spec.files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return { ...spec, path: dir, uri: pathToFileURL(dir).href, entries: topEntries(spec.files) };
}

/** Creates the root directories and the fallback directory under a fresh temp dir. */
export function createRootsWorld(): RootsWorld {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'uproot-e2e-roots-')));
  const dirs = ROOT_DIRS.map((spec) => materialize(base, spec));
  const fallback = materialize(base, FALLBACK_DIR);
  const token = (d: WorkspaceDir): string => `<${d.label}>`;
  const uriToken = (d: WorkspaceDir): string => `<${d.label}:uri>`;
  const replacements: Array<[string, string]> = [];
  for (const d of [...dirs, fallback]) replacements.push([d.uri, uriToken(d)], [d.path, token(d)]);
  replacements.push([base, '<roots-base>']);
  return {
    base,
    dirs,
    fallback,
    roots: dirs.map((d) => ({ uri: d.uri, name: d.label })),
    env: { WORKSPACE_DIR: fallback.path },
    replacements,
    token,
    uriToken,
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

/**
 * Roots no well-behaved client sends: a non-`file:` URI and a non-string URI, around one good root.
 * On 2025 the SDK validates a `roots/list` result and refuses these before the handler sees them;
 * on 2026 `inputResponses` reach the handler unvalidated.
 */
export function hostileRoots(world: RootsWorld): unknown[] {
  return [{ uri: 'https://evil.example/repo', name: 'Remote' }, { uri: 42 }, world.roots[0]];
}
