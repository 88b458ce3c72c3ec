// Writes realistic, deterministic source trees for `npm run bench` and its test: mostly unrelated
// TS/JS (classes, React-ish components, express-ish handlers, utilities, tests, CommonJS), a few of
// which mention "roots" in ways that are not MCP (tree roots, another library's listRoots(), log
// strings), plus a few MCP servers and clients that hold every roots shape. Files the scanner must
// skip (node_modules, .gitignore'd paths, build output, .d.ts, dot directories, non-source files)
// contain roots sites too, so a scanner that looks at them is caught.
//
// Every planted site is returned (file, line, kind): the generator is the test's oracle.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteKind } from '@uproot/core';
import { mcpTemplates, mcpFillers, type McpTemplate } from './mcp-templates.ts';
import { Rng } from './rng.ts';

export interface PlantedSite {
  /** Path relative to the tree root, forward slashes. */
  file: string;
  line: number;
  kind: SiteKind;
  /** Which template planted it. */
  shape: string;
}

export interface GeneratedTree {
  root: string;
  seed: number;
  /** In-scope source files (what uproot scans). */
  sourceFiles: number;
  sourceBytes: number;
  /** Files written that a scanner must skip (node_modules, ignored, build output, .d.ts, dot dirs, non-source). */
  skippedFiles: number;
  planted: PlantedSite[];
  /** In-scope files that belong to an MCP server or client. */
  mcpFiles: string[];
  /** Unrelated in-scope files that mention "roots" (they pass the text pre-filter and must yield nothing). */
  rootsDecoys: string[];
  /** Every in-scope source file, sorted. */
  files: string[];
}

export interface GenerateOptions {
  root: string;
  /** Number of in-scope source files. */
  size: number;
  seed?: number;
}

export const DEFAULT_SEED = 20260728;
/**
 * Share of unrelated files that say "roots" (and so pass uproot's text pre-filter). Measured on a
 * real corpus: 20 of the 5,141 JS/TS files in this repository's node_modules (0.4%, MCP packages
 * and typescript/lib left out). 1% keeps the bench on the pessimistic side.
 */
export const DECOY_RATE = 0.01;
const MIN_BYTES = 512;
const MAX_BYTES = 8192;
const MANIFEST = '.bench-manifest.json';

// ---------------------------------------------------------------------------------------------
// vocabulary

const NOUNS = [
  'user', 'order', 'invoice', 'account', 'session', 'cart', 'product', 'report', 'metric', 'event', 'widget', 'payment',
  'profile', 'token', 'cache', 'queue', 'job', 'task', 'file', 'project', 'team', 'comment', 'message', 'channel',
  'route', 'config', 'record', 'entry', 'item', 'ticket', 'shipment', 'price', 'discount', 'tenant', 'region', 'asset',
  'upload', 'audit', 'plan', 'feature', 'flag', 'webhook', 'schedule', 'batch', 'ledger', 'notice', 'draft', 'label',
  'review', 'address', 'carrier', 'coupon', 'device', 'folder', 'graph', 'host', 'inbox', 'member', 'note', 'page',
];
const VERBS = [
  'get', 'fetch', 'load', 'save', 'update', 'create', 'remove', 'list', 'find', 'build', 'parse', 'format', 'validate',
  'compute', 'sync', 'render', 'handle', 'resolve', 'apply', 'merge', 'normalize', 'serialize', 'group', 'sort',
  'filter', 'track', 'emit', 'refresh', 'prepare', 'collect',
];
const ADJECTIVES = ['active', 'pending', 'archived', 'recent', 'shared', 'primary', 'default', 'remote', 'local', 'cached', 'stale', 'public', 'internal', 'scheduled'];
const FIELDS = ['id', 'name', 'title', 'status', 'createdAt', 'updatedAt', 'ownerId', 'amount', 'currency', 'count', 'tags', 'email', 'priority', 'version', 'slug', 'enabled'];
const PACKAGES = ['lodash-es', 'date-fns', 'zod', 'axios', 'uuid', 'pino', 'express', 'react', 'clsx', 'p-limit', 'yaml', 'chalk', 'undici', 'nanoid'];
const AREAS = ['api', 'components', 'hooks', 'services', 'utils', 'models', 'routes', 'store', 'lib', 'core', 'features', 'domain', 'adapters', 'jobs', 'views', 'middleware', 'shared', 'config'];
const WORKSPACE_KINDS = ['packages', 'apps', 'services', 'libs'];

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()).replace(/^-/, '');

type Lang = 'ts' | 'js';

interface Ctx {
  rng: Rng;
  lang: Lang;
  cjs: boolean;
}

function noun(c: Ctx): string {
  return c.rng.pick(NOUNS);
}
function fnName(c: Ctx): string {
  return c.rng.pick(VERBS) + pascal(noun(c)) + (c.rng.chance(0.3) ? pascal(c.rng.pick(ADJECTIVES)) : '');
}
function exp(c: Ctx): string {
  return c.cjs ? '' : 'export ';
}

// ---------------------------------------------------------------------------------------------
// unrelated code blocks

function importsBlock(c: Ctx, extra: string[] = []): string {
  const lines: string[] = [];
  const n = c.rng.int(1, 5);
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const pkg = c.rng.pick(PACKAGES);
    if (used.has(pkg)) continue;
    used.add(pkg);
    const name = pkg.replace(/[^a-z]/g, '').replace(/^./, (x) => x) || 'lib';
    lines.push(c.cjs ? `const ${name} = require('${pkg}');` : `import ${name} from '${pkg}';`);
  }
  for (let i = c.rng.int(0, 3); i > 0; i--) {
    const f = fnName(c);
    const mod = `${c.rng.chance(0.5) ? '../' : './'}${kebab(noun(c))}${c.cjs ? '' : '.js'}`;
    lines.push(c.cjs ? `const { ${f} } = require('${mod}');` : `import { ${f} } from '${mod}';`);
  }
  lines.push(...extra);
  return lines.join('\n') + '\n';
}

function docComment(c: Ctx, subject: string): string {
  const phrases = [
    `Returns the ${subject} for the given identifier, or undefined when it does not exist.`,
    `Keeps the ${subject} list in sync with the upstream service.`,
    `Normalises a ${subject} before it is persisted; callers may pass partial input.`,
    `Groups ${subject}s by owner so the dashboard can render one section per team.`,
    `Computes derived fields of a ${subject}. Pure: no I/O, safe to memoise.`,
  ];
  return `/**\n * ${c.rng.pick(phrases)}\n * @internal\n */\n`;
}

function statement(c: Ctx, vars: string[]): string {
  const v = c.rng.pick(vars);
  const f = c.rng.pick(FIELDS);
  switch (c.rng.int(0, 11)) {
    case 0:
      return `const ${f}List = ${v}.filter((it) => it.${f} !== undefined);`;
    case 1:
      return `if (!${v}) {\n    throw new Error('missing ${kebab(f)} for ${noun(c)}');\n  }`;
    case 2:
      return `let total = 0;\n  for (const entry of Object.values(${v} ?? {})) {\n    total += Number(entry) || 0;\n  }`;
    case 3:
      return `const key = \`${noun(c)}:\${String(${v})}\`;`;
    case 4:
      return `const started = Date.now();\n  const elapsed = Date.now() - started;\n  if (elapsed > ${c.rng.int(50, 5000)}) console.warn('slow ${noun(c)} lookup', elapsed);`;
    case 5:
      return `switch (typeof ${v}) {\n    case 'string':\n      return ${v}.trim();\n    case 'number':\n      return String(${v});\n    default:\n      break;\n  }`;
    case 6:
      return `const copy = { ...${v}, ${f}: ${c.rng.chance(0.5) ? `'${c.rng.pick(ADJECTIVES)}'` : c.rng.int(0, 999)} };`;
    case 7:
      return `const sorted = [...(${v} ?? [])].sort((a, b) => (a.${f} > b.${f} ? 1 : -1));`;
    case 8:
      return `try {\n    JSON.parse(String(${v}));\n  } catch (error) {\n    console.error('invalid ${noun(c)} payload', error);\n  }`;
    case 9:
      return `const map = new Map${c.lang === 'ts' ? '<string, number>' : ''}();\n  map.set('${f}', ${c.rng.int(1, 100)});`;
    case 10:
      return `const parts = String(${v}).split('/').filter(Boolean);`;
    default:
      return `// ${c.rng.pick(['TODO: batch these calls', 'keep in sync with the API docs', 'see the ADR for why this is lazy', 'hot path: avoid allocations'])}`;
  }
}

function functionBlock(c: Ctx): string {
  const name = fnName(c);
  const subject = noun(c);
  const params = [subject, c.rng.pick(['options', 'input', 'ctx', 'items', 'payload'])];
  const async = c.rng.chance(0.4);
  const sig = c.lang === 'ts'
    ? `(${params[0]}: ${pascal(subject)}${c.rng.pick(['', 'Input', 'Record'])}, ${params[1]}: Record<string, unknown> = {})${async ? `: Promise<${pascal(subject)} | undefined>` : ''}`
    : `(${params[0]}, ${params[1]} = {})`;
  const body: string[] = [];
  for (let i = c.rng.int(2, 7); i > 0; i--) body.push('  ' + statement(c, params));
  body.push(`  return ${c.rng.chance(0.5) ? params[0] : `{ ...${params[1]}, ${c.rng.pick(FIELDS)}: ${params[0]} }`}${c.lang === 'ts' ? ' as never' : ''};`);
  return `${docComment(c, subject)}${exp(c)}${async ? 'async ' : ''}function ${name}${sig} {\n${async ? `  await Promise.resolve();\n` : ''}${body.join('\n')}\n}\n`;
}

function interfaceBlock(c: Ctx): string {
  const name = pascal(noun(c)) + c.rng.pick(['', 'Input', 'Record', 'Dto', 'State']);
  const fields = c.rng.shuffle(FIELDS.slice()).slice(0, c.rng.int(3, 8));
  const types = ['string', 'number', 'boolean', 'string[]', 'Date', `'${c.rng.pick(ADJECTIVES)}' | '${c.rng.pick(ADJECTIVES)}'`, 'Record<string, string>'];
  return `${exp(c)}interface ${name} {\n${fields.map((f) => `  ${f}${c.rng.chance(0.3) ? '?' : ''}: ${c.rng.pick(types)};`).join('\n')}\n}\n`;
}

function classBlock(c: Ctx): string {
  const subject = noun(c);
  const name = pascal(subject) + c.rng.pick(['Service', 'Repository', 'Store', 'Manager', 'Client', 'Controller']);
  const ts = c.lang === 'ts';
  const methods: string[] = [];
  for (let i = c.rng.int(2, 5); i > 0; i--) {
    const m = fnName(c);
    const body = [statement(c, ['id', 'this.items']), statement(c, ['id'])].map((s) => '    ' + s.replace(/\n {2}/g, '\n    '));
    methods.push(`  ${c.rng.chance(0.4) ? 'async ' : ''}${m}(id${ts ? ': string' : ''}) {\n${body.join('\n')}\n    return this.items.get(id);\n  }`);
  }
  return `${exp(c)}class ${name} {\n  ${ts ? 'private readonly ' : ''}items = new Map${ts ? `<string, ${pascal(subject)}>` : ''}();\n  ${ts ? 'private ' : ''}baseUrl${ts ? ': string' : ''};\n\n  constructor(baseUrl${ts ? ': string' : ''} = '/api/${subject}s') {\n    this.baseUrl = baseUrl;\n  }\n\n${methods.join('\n\n')}\n}\n`;
}

function constBlock(c: Ctx): string {
  const name = (noun(c) + '_' + c.rng.pick(['DEFAULTS', 'LIMITS', 'ROUTES', 'LABELS', 'FLAGS'])).toUpperCase();
  const entries: string[] = [];
  for (let i = c.rng.int(3, 10); i > 0; i--) {
    const v = c.rng.chance(0.5) ? `'${c.rng.pick(ADJECTIVES)}-${noun(c)}'` : String(c.rng.int(0, 10000));
    entries.push(`  ${c.rng.pick(FIELDS)}${i}: ${v},`);
  }
  return `${exp(c)}const ${name} = {\n${entries.join('\n')}\n}${c.lang === 'ts' ? ' as const' : ''};\n`;
}

function componentBlock(c: Ctx): string {
  const subject = noun(c);
  const name = pascal(subject) + c.rng.pick(['Card', 'List', 'Panel', 'Row', 'Badge', 'Form']);
  const ts = c.lang === 'ts';
  const props = ts ? `{ title, items, onSelect }: { title: string; items: ${pascal(subject)}[]; onSelect?: (id: string) => void }` : '{ title, items, onSelect }';
  return `${exp(c)}function ${name}(${props}) {
  const [open, setOpen] = useState(${c.rng.chance(0.5)});
  const [query, setQuery] = useState('');
  const visible = useMemo(() => items.filter((it) => String(it.${c.rng.pick(FIELDS)}).includes(query)), [items, query]);
  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);
  return (
    <section className="${kebab(name)}">
      <header onClick={() => setOpen(!open)}>
        <h3>{title}</h3>
        <span className="count">{visible.length}</span>
      </header>
      {open && (
        <ul>
          {visible.map((it) => (
            <li key={it.id} onClick={() => onSelect?.(it.id)}>
              {it.${c.rng.pick(FIELDS)}} <small>{it.status}</small>
            </li>
          ))}
        </ul>
      )}
      <input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Filter ${subject}s" />
    </section>
  );
}
`;
}

function handlerBlock(c: Ctx): string {
  const subject = noun(c);
  const method = c.rng.pick(['get', 'post', 'put', 'delete', 'patch']);
  const ts = c.lang === 'ts';
  return `router.${method}('/api/${subject}s${c.rng.chance(0.6) ? '/:id' : ''}', async (req${ts ? ': Request' : ''}, res${ts ? ': Response' : ''}, next${ts ? ': NextFunction' : ''}) => {
  try {
    const id = req.params.id ?? req.query.id;
    ${statement(c, ['id', 'req.body']).replace(/\n {2}/g, '\n    ')}
    const result = await ${fnName(c)}(String(id), req.body);
    if (!result) {
      res.status(404).json({ error: '${subject} not found' });
      return;
    }
    res.${method === 'post' ? 'status(201).json' : 'json'}(result);
  } catch (error) {
    next(error);
  }
});
`;
}

function testBlock(c: Ctx): string {
  const subject = noun(c);
  const cases: string[] = [];
  for (let i = c.rng.int(2, 5); i > 0; i--) {
    cases.push(`  it('${c.rng.pick(VERBS)}s a ${c.rng.pick(ADJECTIVES)} ${subject}', ${c.rng.chance(0.5) ? 'async ' : ''}() => {
    const input = { id: '${subject}-${i}', ${c.rng.pick(FIELDS)}: ${c.rng.int(0, 99)} };
    expect(${fnName(c)}(input)).toEqual(expect.objectContaining({ id: input.id }));
  });`);
  }
  return `describe('${subject}', () => {\n${cases.join('\n\n')}\n});\n`;
}

function typesBlock(c: Ctx): string {
  const a = pascal(noun(c));
  return `${exp(c)}type ${a}Status = '${c.rng.pick(ADJECTIVES)}' | '${c.rng.pick(ADJECTIVES)}' | 'deleted';\n${exp(c)}type ${a}Patch = Partial<Pick<${a}, '${c.rng.pick(FIELDS)}' | '${c.rng.pick(FIELDS)}'>>;\n${exp(c)}type ${a}Handler<T = ${a}> = (value: T) => Promise<void> | void;\n`;
}

function angleAssertionBlock(c: Ctx): string {
  // `<T>expr` only parses in .ts without JSX: keeps the parser's per-extension handling honest.
  const a = pascal(noun(c));
  return `${exp(c)}function as${a}(value: unknown) {\n  return <${a}>value;\n}\n`;
}

// Unrelated code that says "roots": it passes the text pre-filter and must produce no site.
function decoyBlock(c: Ctx): string {
  const ts = c.lang === 'ts';
  switch (c.rng.int(0, 6)) {
    case 0:
      return `/** A forest of category trees; the roots are the top-level categories. */
${exp(c)}class CategoryForest {
  ${ts ? 'private ' : ''}roots${ts ? ': CategoryNode[]' : ''} = [];

  addRoot(node${ts ? ': CategoryNode' : ''}) {
    this.roots.push(node);
  }

  listRoots() {
    return this.roots.map((r) => r.name);
  }

  get rootsCount() {
    return this.roots.length;
  }
}
`;
    case 1:
      return `// The knowledge base groups articles under roots (top-level topics).
const kb = new KnowledgeBaseClient({ baseUrl: process.env.KB_URL });

${exp(c)}async function topLevelTopics() {
  const { roots } = await kb.listRoots({ limit: 50 });
  return roots.filter((r) => !r.archived).map((r) => r.title);
}
`;
    case 2:
      return `${exp(c)}function quadraticRoots(a${ts ? ': number' : ''}, b${ts ? ': number' : ''}, c${ts ? ': number' : ''}) {
  const d = b * b - 4 * a * c;
  if (d < 0) return [];
  const roots = [(-b + Math.sqrt(d)) / (2 * a), (-b - Math.sqrt(d)) / (2 * a)];
  return d === 0 ? roots.slice(0, 1) : roots;
}
`;
    case 3:
      return `// Java's File.listRoots() returns the filesystem roots; this is the Node equivalent.
${exp(c)}function listRoots() {
  return process.platform === 'win32' ? ['C:\\\\', 'D:\\\\'] : ['/'];
}
`;
    case 4:
      return `${exp(c)}function logRpc(method${ts ? ': string' : ''}) {
  if (method === 'roots/list') {
    console.debug('ignoring roots/list: this bridge does not forward it');
    return false;
  }
  return true;
}
`;
    case 5:
      return `// A JSON-RPC client for our own language server: it asks the server for its workspace roots.
${exp(c)}async function workspaceRoots(rpc${ts ? ': { request(msg: { method: string }): Promise<{ roots: string[] }> }' : ''}) {
  const res = await rpc.request({ method: 'roots/list' });
  return res.roots;
}
`;
    default:
      return `${exp(c)}const TREE_OPTIONS = {
  showRoots: true,
  expandRoots: ${c.rng.chance(0.5)},
  rootsLabel: 'Top level',
};
`;
  }
}

// ---------------------------------------------------------------------------------------------
// unrelated files

type FileKind = 'util' | 'class' | 'component' | 'handler' | 'test' | 'config' | 'types';

function chooseKind(rng: Rng): { kind: FileKind; ext: string } {
  const r = rng.next();
  if (r < 0.2) return { kind: 'util', ext: rng.pick(['ts', 'ts', 'ts', 'js', 'mjs', 'mts']) };
  if (r < 0.38) return { kind: 'class', ext: rng.pick(['ts', 'ts', 'ts', 'js', 'cjs', 'cts']) };
  if (r < 0.55) return { kind: 'component', ext: rng.pick(['tsx', 'tsx', 'tsx', 'jsx', 'js']) };
  if (r < 0.67) return { kind: 'handler', ext: rng.pick(['ts', 'ts', 'js', 'cjs']) };
  if (r < 0.8) return { kind: 'test', ext: rng.pick(['test.ts', 'test.ts', 'spec.ts', 'test.js', 'test.tsx']) };
  if (r < 0.9) return { kind: 'config', ext: rng.pick(['ts', 'js', 'mjs', 'cjs']) };
  return { kind: 'types', ext: 'ts' };
}

function targetSize(rng: Rng): number {
  // Log-normal around 2.2 KB, clamped to 0.5–8 KB: many small modules, a tail of large ones.
  const u = Math.max(1e-9, rng.next());
  const v = rng.next();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.min(MAX_BYTES - 600, Math.max(MIN_BYTES, Math.round(2200 * Math.exp(0.75 * z))));
}

/** Append blocks until the target size; never past MAX_BYTES. */
function fill(c: Ctx, text: string, target: number, block: () => string): string {
  let out = text;
  for (let guard = 0; out.length < target && guard < 60; guard++) {
    const next = block();
    if (out.length + next.length + 1 > MAX_BYTES - 64) break; // room for a module.exports trailer
    out += '\n' + next;
  }
  return out;
}

function unrelatedFile(rng: Rng, kind: FileKind, ext: string, decoy: boolean): string {
  const lang: Lang = /ts|tsx|mts|cts/.test(ext.split('.').pop()!) ? 'ts' : 'js';
  const cjs = ext === 'cjs' || ext === 'cts' || (ext === 'js' && kind === 'config' && rng.chance(0.5));
  const c: Ctx = { rng, lang, cjs };
  const jsx = /x$/.test(ext) || (ext === 'js' && kind === 'component');
  const target = targetSize(rng);
  let head = rng.chance(0.15) ? `// Copyright ${rng.int(2017, 2025)} Example Corp. Licensed under the Apache License, Version 2.0.\n\n` : '';
  if (cjs) head += `'use strict';\n\n`;
  let extraImports: string[] = [];
  if (kind === 'component') extraImports = ["import { useEffect, useMemo, useState } from 'react';"];
  if (kind === 'handler') {
    extraImports = cjs
      ? ["const { Router } = require('express');", 'const router = Router();']
      : [`import { Router${lang === 'ts' ? ', type NextFunction, type Request, type Response' : ''} } from 'express';`, 'const router = Router();'];
  }
  if (kind === 'test') extraImports = ["import { describe, expect, it } from 'vitest';"];
  if (decoy && !cjs) extraImports.push(`import { KnowledgeBaseClient } from '@acme/knowledge-base';`);
  if (decoy && cjs) extraImports.push(`const { KnowledgeBaseClient } = require('@acme/knowledge-base');`);
  let text = head + importsBlock(c, extraImports);
  if (decoy) text += '\n' + decoyBlock(c);
  const blocks: Array<() => string> = [];
  switch (kind) {
    case 'util':
      blocks.push(() => functionBlock(c), () => constBlock(c));
      if (lang === 'ts') blocks.push(() => interfaceBlock(c), () => typesBlock(c));
      if (lang === 'ts' && !jsx) blocks.push(() => angleAssertionBlock(c));
      break;
    case 'class':
      blocks.push(() => classBlock(c), () => classBlock(c), () => functionBlock(c));
      if (lang === 'ts') blocks.push(() => interfaceBlock(c));
      break;
    case 'component':
      blocks.push(() => componentBlock(c), () => componentBlock(c), () => functionBlock(c));
      if (lang === 'ts') blocks.push(() => interfaceBlock(c));
      break;
    case 'handler':
      blocks.push(() => handlerBlock(c), () => handlerBlock(c), () => functionBlock(c));
      break;
    case 'test':
      blocks.push(() => testBlock(c));
      break;
    case 'config':
      blocks.push(() => constBlock(c), () => constBlock(c), () => functionBlock(c));
      break;
    case 'types':
      blocks.push(() => interfaceBlock(c), () => typesBlock(c));
      break;
  }
  text = fill(c, text, target, () => rng.pick(blocks)());
  if (kind === 'handler') text += cjs ? '\nmodule.exports = { router };\n' : '\nexport default router;\n';
  else if (cjs) text += '\nmodule.exports = {};\n';
  return text;
}

// ---------------------------------------------------------------------------------------------
// planted-site markers: templates write «kind» at the end of the line that starts a site

const MARKER = /\s*«(request|input-request|list-changed|capability)»/g;

function stripMarkers(text: string): { text: string; sites: Array<{ line: number; kind: SiteKind }> } {
  const sites: Array<{ line: number; kind: SiteKind }> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.includes('«')) continue;
    lines[i] = lines[i]!.replace(MARKER, (_m, kind: SiteKind) => {
      sites.push({ line: i + 1, kind });
      return '';
    });
  }
  return { text: lines.join('\n'), sites };
}

// ---------------------------------------------------------------------------------------------
// the tree

interface PlannedFile {
  rel: string;
  text: string;
  inScope: boolean;
}

export function generateTree(options: GenerateOptions): GeneratedTree {
  const seed = options.seed ?? DEFAULT_SEED;
  const rng = new Rng(seed);
  const size = options.size;
  const files: PlannedFile[] = [];
  const planted: PlantedSite[] = [];
  const mcpFiles: string[] = [];
  const rootsDecoys: string[] = [];
  const taken = new Set<string>();
  const unique = (rel: string): string => {
    let candidate = rel;
    for (let i = 2; taken.has(candidate); i++) candidate = rel.replace(/(\.[a-z.]+)$/, `-${i}$1`);
    taken.add(candidate);
    return candidate;
  };
  const add = (rel: string, text: string, inScope: boolean): string => {
    const name = unique(rel);
    files.push({ rel: name, text, inScope });
    return name;
  };

  // Workspaces and their directories (depth 3–7 below the root).
  const workspaceCount = Math.max(4, Math.round(size / 450));
  const dirs: string[] = [];
  const workspaceNames = new Set<string>();
  for (let w = 0; w < workspaceCount; w++) {
    let ws: string;
    do ws = `${rng.pick(WORKSPACE_KINDS)}/${rng.pick(NOUNS)}-${rng.pick(['core', 'web', 'api', 'ui', 'sdk', 'worker', 'admin', 'utils', 'cli', 'hub'])}`;
    while (workspaceNames.has(ws));
    workspaceNames.add(ws);
    const wsDirs = [`${ws}/src`, `${ws}/test`];
    for (let d = rng.int(4, 14); d > 0; d--) {
      let dir = `${ws}/src/${rng.pick(AREAS)}`;
      for (let depth = rng.int(0, 3); depth > 0; depth--) dir += `/${rng.chance(0.5) ? rng.pick(AREAS) : rng.pick(NOUNS)}`;
      wsDirs.push(dir);
    }
    dirs.push(...wsDirs);
  }

  // MCP servers and clients: a few projects, each given templates so that every shape appears.
  const projectCount = 3 + Math.floor(size / 10000);
  const siteTemplates = mcpTemplates.filter((tpl) => tpl.planted);
  const projects: McpTemplate[][] = Array.from({ length: projectCount }, () => []);
  siteTemplates.forEach((tpl, i) => projects[i % projectCount]!.push(tpl));
  for (let p = 3; p < projectCount; p++) {
    for (const tpl of siteTemplates) if (rng.chance(0.3) && !projects[p]!.includes(tpl)) projects[p]!.push(tpl);
  }
  let mcpCount = 0;
  for (let p = 0; p < projectCount; p++) {
    const name = `${rng.pick(NOUNS)}-${rng.pick(['files', 'docs', 'search', 'workspace', 'notes', 'git', 'db'])}`;
    const base = `${rng.pick(['packages', 'servers', 'apps'])}/mcp-${name}${p}`;
    const chosen = [...projects[p]!, ...mcpFillers.filter((f) => f.sdk === (p % 2 === 0 ? 1 : 2) || rng.chance(0.3))];
    files.push({ rel: unique(`${base}/package.json`), text: mcpPackageJson(name, chosen), inScope: false });
    for (const tpl of chosen) {
      const raw = tpl.render({ name, Name: pascal(name.replace(/-(.)/g, (_m, ch: string) => ch.toUpperCase())) });
      const lang: Lang = /\.(ts|tsx|mts|cts)$/.test(tpl.file) ? 'ts' : 'js';
      const c: Ctx = { rng, lang, cjs: tpl.file.endsWith('.cjs') };
      const padded = fill(c, raw, targetSize(rng), () => functionBlock(c));
      const { text, sites } = stripMarkers(padded);
      const rel = add(`${base}/${tpl.file}`, text, true);
      mcpFiles.push(rel);
      mcpCount++;
      for (const s of sites) planted.push({ file: rel, line: s.line, kind: s.kind, shape: tpl.id });
    }
  }

  // Unrelated in-scope files; DECOY_RATE of them mention "roots" in a way that is not MCP.
  const unrelated = Math.max(0, size - mcpCount - 1); // one more below: schema.generated.ts
  for (let i = 0; i < unrelated; i++) {
    const { kind, ext } = chooseKind(rng);
    const decoy = rng.chance(DECOY_RATE) || (i < 8 && i % 2 === 0);
    let dir = rng.pick(dirs);
    if (kind === 'test') dir = dir.replace(/\/src(\/.*)?$/, '/test$1');
    const base = `${kebab(rng.pick(VERBS))}-${rng.pick(NOUNS)}${kind === 'component' ? '-view' : ''}`;
    const rel = add(`${dir}/${base}.${ext}`, unrelatedFile(rng, kind, ext, decoy), true);
    if (decoy) rootsDecoys.push(rel);
  }

  // Files that must be skipped. Many hold real roots sites, so scanning them shows up as extra sites.
  const siteBearing = mcpTemplates.filter((tpl) => tpl.planted && !tpl.file.endsWith('.cjs'));
  const sitefulText = (i: number) => stripMarkers(siteBearing[i % siteBearing.length]!.render({ name: 'vendored', Name: 'Vendored' })).text;
  const skippedCount = Math.max(40, Math.round(size * 0.15));
  for (let i = 0; i < skippedCount; i++) {
    const where = i % 10;
    const c: Ctx = { rng, lang: 'js', cjs: false };
    const pkg = rng.pick(PACKAGES);
    switch (where) {
      case 0:
      case 1:
      case 2: // node_modules, root and nested
        add(`${where === 2 ? rng.pick(dirs).split('/').slice(0, 2).join('/') + '/' : ''}node_modules/${i % 4 === 0 ? '@modelcontextprotocol/sdk/dist/esm/server' : pkg + '/lib'}/${rng.pick(NOUNS)}.js`, i % 4 === 0 ? sitefulText(i) : functionBlock(c), false);
        break;
      case 3: // build output (also gitignored)
        add(`${rng.pick(dirs).split('/').slice(0, 2).join('/')}/dist/${rng.pick(NOUNS)}.js`, i % 3 === 0 ? sitefulText(i) : functionBlock(c), false);
        break;
      case 4: // root-anchored ignored directory
        add(`tmp/${rng.pick(NOUNS)}-scratch.ts`, sitefulText(i), false);
        break;
      case 5: // ignored by extension pattern, anywhere
        add(`${rng.pick(dirs)}/${rng.pick(NOUNS)}.generated.ts`, sitefulText(i), false);
        break;
      case 6: // ignored by a nested .gitignore
        add(`${dirs[0]!.split('/').slice(0, 2).join('/')}/scratch/${rng.pick(NOUNS)}.ts`, sitefulText(i), false);
        break;
      case 7: // declaration files
        add(`${rng.pick(dirs)}/${rng.pick(NOUNS)}.d.ts`, `export declare function ${fnName(c)}(x: string): Promise<{ roots: string[] }>;\n`, false);
        break;
      case 8: // dot directories
        add(`${rng.pick(['.github/scripts', '.storybook', '.husky/helpers'])}/${rng.pick(NOUNS)}.js`, i % 2 === 0 ? sitefulText(i) : functionBlock(c), false);
        break;
      default: // non-source files
        add(`${rng.pick(dirs)}/${rng.pick(NOUNS)}.${rng.pick(['json', 'md', 'css', 'snap', 'yml'])}`, 'Call `server.server.listRoots()` inside a tool. roots/list\n', false);
    }
  }
  // A negated pattern: schema.generated.ts files are kept (in scope).
  const keptGenerated = add(`${dirs[1]!}/schema.generated.ts`, unrelatedFile(rng, 'types', 'ts', false), true);
  void keptGenerated;

  const nestedWorkspace = dirs[0]!.split('/').slice(0, 2).join('/');
  files.push(
    { rel: '.gitignore', text: ['# dependencies', 'node_modules/', '', '# build output', 'dist/', 'build/', 'coverage/', '', '# scratch', '/tmp/', '*.log', '.env', '*.generated.ts', '!schema.generated.ts', ''].join('\n'), inScope: false },
    { rel: `${nestedWorkspace}/.gitignore`, text: 'scratch/\n*.local.ts\n', inScope: false },
    { rel: 'package.json', text: JSON.stringify({ name: 'bench-monorepo', private: true, type: 'module', workspaces: ['packages/*', 'apps/*', 'services/*', 'libs/*', 'servers/*'] }, null, 2) + '\n', inScope: false },
    { rel: 'README.md', text: '# bench monorepo\n\nGenerated by test/bench/generate.ts.\n', inScope: false },
  );

  // Write.
  rmSync(options.root, { recursive: true, force: true });
  const made = new Set<string>();
  let sourceBytes = 0;
  let sourceFiles = 0;
  for (const f of files) {
    const abs = path.join(options.root, f.rel);
    const dir = path.dirname(abs);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(abs, f.text);
    if (f.inScope) {
      sourceFiles++;
      sourceBytes += Buffer.byteLength(f.text);
    }
  }
  const inScope = files.filter((f) => f.inScope).map((f) => f.rel).sort();
  return {
    root: options.root,
    seed,
    sourceFiles,
    sourceBytes,
    skippedFiles: files.length - sourceFiles,
    planted: planted.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)),
    mcpFiles: mcpFiles.sort(),
    rootsDecoys: rootsDecoys.sort(),
    files: inScope,
  };
}

function mcpPackageJson(name: string, templates: McpTemplate[]): string {
  const deps: Record<string, string> = { zod: '^4.2.0' };
  if (templates.some((tpl) => tpl.sdk === 1)) deps['@modelcontextprotocol/sdk'] = '^1.32.0';
  if (templates.some((tpl) => tpl.sdk === 2)) {
    deps['@modelcontextprotocol/server'] = '^2.4.0';
    deps['@modelcontextprotocol/client'] = '^2.4.0';
  }
  return JSON.stringify({ name: `mcp-${name}`, version: '0.3.0', type: 'module', dependencies: deps }, null, 2) + '\n';
}

// ---------------------------------------------------------------------------------------------
// cached trees for the bench

const generatorHash = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const h = createHash('sha256');
  for (const f of ['generate.ts', 'mcp-templates.ts', 'rng.ts']) h.update(readFileSync(path.join(here, f)));
  return h.digest('hex').slice(0, 16);
})();

/** Generate the tree unless an identical one (same size, seed and generator source) is already there. */
export function ensureTree(options: GenerateOptions): GeneratedTree & { reused: boolean } {
  const seed = options.seed ?? DEFAULT_SEED;
  const manifestPath = path.join(options.root, MANIFEST);
  if (existsSync(manifestPath)) {
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { generator: string; size: number; seed: number; tree: GeneratedTree };
      if (manifest.generator === generatorHash && manifest.size === options.size && manifest.seed === seed) return { ...manifest.tree, root: options.root, reused: true };
    } catch {
      // regenerate
    }
  }
  const tree = generateTree({ ...options, seed });
  writeFileSync(manifestPath, JSON.stringify({ generator: generatorHash, size: options.size, seed, tree }));
  return { ...tree, reused: false };
}
