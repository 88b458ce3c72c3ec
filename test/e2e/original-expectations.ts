// What each original fixture answers on 2025, computed from the temp roots the harness created
// (their file tables), independently of the fixture code.
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { RootsWorld, WorkspaceDir } from './harness/roots.ts';
import type { NormalizedAnswer } from './harness/types.ts';

export type Shape =
  | 'direct' | 'barrel' | 'gate-fallback' | 'raw-send' | 'helper-1' | 'helper-2' | 'helper-cross-file'
  | 'factory' | 'no-args' | 'side-effect' | 'prompt' | 'resource' | 'low-level' | 'try-fallback';

export const shapeOf = (fixtureName: string): Shape => fixtureName.replace(/-(?:ts|js)$/, '') as Shape;

const tool = (text: string, isError = false): NormalizedAnswer => ({ result: { content: [{ type: 'text', text }], isError } });

/** Entries directly under `prefix` ('' = top level) of a file table, directories suffixed with `/`. */
function children(d: WorkspaceDir, prefix = ''): string[] {
  const names = new Set<string>();
  for (const rel of Object.keys(d.files)) {
    if (!rel.startsWith(prefix)) continue;
    const [first, ...rest] = rel.slice(prefix.length).split('/');
    names.add(rest.length > 0 ? `${first}/` : first);
  }
  return [...names];
}
const bare = (entry: string): string => entry.replace(/\/$/, '');
const names = (d: WorkspaceDir): string[] => children(d).map(bare).sort();
const byLocale = (a: string, b: string): number => bare(a).localeCompare(bare(b));

/** The original's answers to a client that offers `world.roots`. */
export function withRoots(shape: Shape, world: RootsWorld): NormalizedAnswer[] {
  const dirs = world.dirs;
  const tok = world.token;
  switch (shape) {
    case 'direct':
    case 'barrel': // the direct shape, with the server class imported through a local barrel
      return [tool(dirs.map((d) => `${d.label} (${tok(d)}): ${d.entries.join(', ')}`).join('\n'))];
    case 'gate-fallback':
    case 'try-fallback':
      return findFiles(dirs, world);
    case 'raw-send':
      return [false, true].map((hidden) =>
        tool(dirs.map((d) => `${d.label}: ${names(d).filter((n) => hidden || !n.startsWith('.')).length} entries`).join('\n')));
    case 'helper-1':
      return [tool(`${dirs.length} roots: ${dirs.map((d) => `${d.dirName}=${d.entries.length}`).join(', ')}`)];
    case 'helper-2':
      return ['README.md', 'openapi.yaml', 'missing.txt'].map((file) => {
        const found = dirs.filter((d) => file in d.files).map(tok);
        return tool(found.length > 0 ? `${file}: ${found.join(', ')}` : `${file}: not found in any root`);
      });
    case 'helper-cross-file':
      return [tool(dirs.map((d) => {
        const bytes = Object.entries(d.files).filter(([rel]) => !rel.includes('/')).reduce((n, [, text]) => n + Buffer.byteLength(text), 0);
        return `${d.label}: ${bytes} bytes`;
      }).join('\n'))];
    case 'factory':
      return [
        tool(dirs.flatMap((d) => names(d).filter((n) => n.includes('a')).map((n) => `${d.label}/${n}`)).sort().join('\n')),
        tool('no entry matches "zzz"'),
      ];
    case 'no-args':
      return [tool(dirs.map((d) => {
        const subdirs = children(d).filter((e) => e.endsWith('/')).map(bare).sort();
        return `${d.label}: ${subdirs.length > 0 ? subdirs.join(', ') : '(no sub-directories)'}`;
      }).join('\n'))];
    case 'side-effect':
      return ['first', 'second'].map((label, i) => tool(`snapshot #${i + 1} (${label}): ${dirs.map(tok).join(' | ')}`));
    case 'prompt':
      return [{
        result: {
          description: `Review of ${dirs.length} roots`,
          messages: [{
            role: 'user',
            content: {
              type: 'text',
              text: `Review the documentation of these projects:\n${dirs.map((d) => `- ${d.label} at ${tok(d)}: ${names(d).join(', ')}`).join('\n')}`,
            },
          }],
        },
      }];
    case 'resource':
      return [{
        result: {
          contents: [{
            uri: 'workspace://index',
            mimeType: 'text/plain',
            text: dirs.flatMap((d) => names(d).map((n) => `${world.uriToken(d)}/${encodeURIComponent(n)}`)).join('\n'),
          }],
        },
      }];
    case 'low-level':
      return [2, 1].map((depth) => tool(dirs.flatMap((d) => [`${d.label}/`, ...tree(d, depth)]).join('\n')));
  }
}

function tree(d: WorkspaceDir, depth: number, prefix = '', indent = '  '): string[] {
  return children(d, prefix).sort(byLocale).flatMap((entry) => [
    `${indent}${entry}`,
    ...(entry.endsWith('/') && depth > 1 ? tree(d, depth - 1, `${prefix}${entry}`, `${indent}  `) : []),
  ]);
}

function findFiles(dirs: WorkspaceDir[], world: RootsWorld): NormalizedAnswer[] {
  return ['.md', '.json'].map((ext) =>
    tool(dirs.map((d) => {
      const matches = names(d).filter((n) => n.endsWith(ext));
      return `${world.token(d)}: ${matches.length > 0 ? matches.join(', ') : '(none)'}`;
    }).join('\n')));
}

/**
 * The original's answers to a client that declares no roots. The v2 server does not check the
 * capability before a push request (enforceStrictCapabilities is off), so `roots/list` goes out and
 * the client answers -32601; McpServer tools turn that into an isError result, prompts, resources
 * and the low-level Server pass it on as the JSON-RPC error.
 */
export function withoutRoots(shape: Shape, world: RootsWorld, calls: number): NormalizedAnswer[] {
  const methodNotFound = { error: { code: ProtocolErrorCode.MethodNotFound, message: 'Method not found' } };
  switch (shape) {
    case 'gate-fallback':
    case 'try-fallback':
      return findFiles([world.fallback], world);
    case 'prompt':
    case 'resource':
    case 'low-level':
      return Array.from({ length: calls }, () => methodNotFound);
    default:
      return Array.from({ length: calls }, () => tool('Method not found', true));
  }
}

/** The side-effect fixture's `inspect()` after each call: it counts before asking for roots. */
export function sideEffectStates(labels: readonly string[]): unknown[] {
  return labels.map((_, i) => ({
    snapshots: i + 1,
    auditLog: labels.slice(0, i + 1).map((label, j) => `snapshot ${j + 1}: ${label}`),
  }));
}

