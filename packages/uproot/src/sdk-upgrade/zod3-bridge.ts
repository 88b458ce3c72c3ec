// The zod 3 bridge: where a package hands zod 3 schemas to registerTool and uproot cannot prove its zod code keeps
// its behaviour on zod 4 (zod-v4-proof.ts), the package stays on zod 3 and each schema the upgraded code hands to
// registerTool is wrapped in zod3Schema() (zod3-bridge-module.ts), which gives v2 the `~standard.jsonSchema` zod 3
// lacks, made the way v1 made it. Proven only where every schema handed over is reached: a registerTool whose config
// is an object literal (its spreads literal too), schemas under inputSchema/outputSchema. Anything else (a config
// held in a variable, a prompt's argsSchema, whose arguments v2 lists from the schema's shape) keeps the hold, named.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { readManifest } from '../files/workspaces.ts';
import { installedDir, installedVersion } from './installed.ts';
import { otherCallsIn, otherRegistrations, type OtherRegistrations, parseScript } from './registration-receivers.ts';
import { addDependencies } from './undeclared-imports.ts';
import { installedV1 } from './v2-rejected-content.ts';
import { BRIDGE_MODULE, bridgeModuleText, v1JsonSchemaOptions } from './zod3-bridge-module.ts';

const SCHEMA_KEYS = new Set(['inputSchema', 'outputSchema']);
/** The codemod's marker above a registration whose inputSchema it could not see is a schema object: the bridge takes both. */
const UNVERIFIED = /\/\*\s*@mcp-codemod-error Could not verify `inputSchema` is a schema object\.[^*]*\*\/[ \t]*\r?\n?[ \t]*/;
const CONVERTER = 'zod-to-json-schema';
const V1_SDK = '@modelcontextprotocol/sdk';
const REGISTERS = /\.\s*(?:registerTool|registerPrompt|tool|prompt)\s*\(/;

export interface BridgePlan {
  /** Files (in the copy) and their bridged texts. */
  edits: Array<{ file: string; text: string }>;
  /** The module to create: its path (in the copy) and text. */
  module: { file: string; text: string };
  /** How many schemas are wrapped. */
  wrapped: number;
  /** zod-to-json-schema, declared by uproot where the package had it only through the v1 SDK: the manifest (in the copy) and range. */
  declare?: { manifest: string; name: string; range: string };
}

/** Why the bridge does not apply, as a clause, with file:line where there is one. */
export interface BridgeRefusal {
  why: string;
}

/**
 * Plan the bridge for the package at `dir` (original path) whose script files are `files` (original paths);
 * `inCopy` maps an original path to the upgraded copy, `label` names a path for messages.
 */
export function planZod3Bridge(dir: string, files: string[], inCopy: (p: string) => string, label: (p: string) => string): BridgePlan | BridgeRefusal {
  const zod = installedVersion(dir, 'zod');
  const m = /^3\.(\d+)\./.exec(zod ?? '');
  // zod 3 has carried `~standard.validate` since 3.24.
  if (!m || Number(m[1]) < 24) return { why: `the installed zod is ${zod ?? 'not found'}, and the bridge needs zod 3.24 or later (its ~standard.validate)` };
  const options = v1JsonSchemaOptions(installedV1(dir));
  if (!options) return { why: 'the installed v1 SDK is not found, so uproot cannot tell which zod-to-json-schema options it listed schemas with' };
  const converter = converterDeclaration(dir, inCopy);
  if ('why' in converter) return converter;
  const edits: BridgePlan['edits'] = [];
  const scripts = files.filter((f) => /\.[cm]?[jt]sx?$/.test(f) && !/\.d\.[cm]?ts$/.test(f) && existsSync(inCopy(f)));
  let wrapped = 0;
  const bridged: string[] = [];
  // Asked of the checker on the original files only where some file calls a registration-named method.
  let typed: Map<string, OtherRegistrations> | undefined;
  for (const original of scripts) {
    const file = inCopy(original);
    const text = readFileSync(file, 'utf8');
    if (!REGISTERS.test(text)) continue;
    typed ??= otherRegistrations(dir, files);
    const other = otherCallsIn(parseScript(file, text), typed.get(path.resolve(original)));
    const found = wrapRegistrations(file, text, (line) => `${label(original)}:${line}`, other);
    if ('why' in found) return found;
    if (!found.count) continue;
    wrapped += found.count;
    bridged.push(file);
    edits.push({ file, text: found.text });
  }
  if (!wrapped) return { why: 'no registerTool call hands a schema uproot can reach' };
  const style = /\.[cm]?tsx?$/.test(bridged[0]!) ? 'ts' : /\.cjs$/.test(bridged[0]!) || (!/\.mjs$/.test(bridged[0]!) && manifestType(dir) !== 'module') ? 'cjs' : 'esm';
  const ext = style === 'ts' ? '.ts' : style === 'cjs' ? (manifestType(dir) === 'module' ? '.cjs' : '.js') : manifestType(dir) === 'module' ? '.js' : '.mjs';
  const moduleFile = path.join(commonDir(bridged), `${BRIDGE_MODULE}${ext}`);
  for (const edit of edits) edit.text = withImport(edit.file, edit.text, moduleFile, style);
  return { edits, module: { file: moduleFile, text: bridgeModuleText(options, style) }, wrapped, ...(converter.declare ? { declare: converter.declare } : {}) };
}

/**
 * zod-to-json-schema, which the bridge module imports: declared by the package, or declared by uproot at the version
 * installed now where that is provably the one the v1 SDK brought and listed schemas with (the SDK depends on it,
 * and the package resolves the very copy the SDK resolves), as undeclared-imports.ts does for the package's own
 * imports. Otherwise the bridge is refused, named.
 */
function converterDeclaration(dir: string, inCopy: (p: string) => string): { declare?: BridgePlan['declare'] } | BridgeRefusal {
  const manifest = readManifest(path.join(dir, 'package.json')) as { dependencies?: Record<string, string> } | undefined;
  const installed = installedVersion(dir, CONVERTER);
  if (manifest?.dependencies?.[CONVERTER] && installed) return {};
  const sdk = installedDir(dir, V1_SDK);
  const brought = sdk ? (readManifest(path.join(sdk, 'package.json')) as { dependencies?: Record<string, string> } | undefined)?.dependencies?.[CONVERTER] : undefined;
  const sdkResolves = sdk ? installedDir(sdk, CONVERTER) : undefined;
  if (!brought || !installed || !sdkResolves || sdkResolves !== installedDir(dir, CONVERTER) || !/^\d+\.\d+\.\d+/.test(installed)) {
    return { why: `package.json does not declare ${CONVERTER} in dependencies (the converter v1 listed zod 3 schemas with), and uproot cannot show the copy installed for the package is the one the v1 SDK brought${brought ? ` (the SDK resolves ${sdkResolves ?? 'none'}, the package ${installedDir(dir, CONVERTER) ?? 'none'})` : ' (the installed v1 SDK does not depend on it)'}, so it does not add it for the bridge` };
  }
  return { declare: { manifest: inCopy(path.join(dir, 'package.json')), name: CONVERTER, range: `^${installed}` } };
}

/** Write the plan into the copy. */
export function applyZod3Bridge(plan: BridgePlan): void {
  for (const edit of plan.edits) writeFileSync(edit.file, edit.text);
  if (plan.declare) addDependencies(plan.declare.manifest, [plan.declare]);
  writeFileSync(plan.module.file, plan.module.text);
}

function manifestType(dir: string): string | undefined {
  return (readManifest(path.join(dir, 'package.json')) as { type?: string } | undefined)?.type;
}

function commonDir(files: string[]): string {
  let dir = path.dirname(files[0]!);
  while (!files.every((f) => f.startsWith(dir + path.sep))) dir = path.dirname(dir);
  return dir;
}

/**
 * Each registration's schemas wrapped; `other` holds the start positions of calls the checker showed are another
 * API's (registration-receivers.ts). A registration whose schemas uproot cannot reach refuses the whole bridge.
 */
export function wrapRegistrations(file: string, text: string, at: (line: number) => string, other: Set<number> = new Set()): { text: string; count: number } | BridgeRefusal {
  const source = parseScript(file, text);
  const inserts: Array<{ pos: number; text: string }> = [];
  const markers: Array<{ start: number; end: number }> = [];
  let refusal: BridgeRefusal | undefined;
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (refusal) return;
    // Another API's call under MCP's names (a session's prompt(), an extension's registerTool()) hands MCP nothing.
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && !other.has(node.getStart(source))) {
      const method = node.expression.name.text;
      if (method === 'tool' || method === 'prompt' || (method === 'registerPrompt' && node.arguments.length >= 3)) {
        // The codemod turns v1's tool()/prompt() into register*(); one left, or a prompt (v2 lists its arguments
        // from the schema's shape, which a bridged zod 3 schema does not give), is not the bridge's to settle.
        if (method !== 'registerPrompt' || hasSchemaKey(node.arguments[1], 'argsSchema')) {
          refusal = { why: `${at(line(node))} hands schemas to ${method}(), which the bridge does not reach (v2 lists a prompt's arguments from a zod 4 shape)` };
          return;
        }
      }
      if (method === 'registerTool' && node.arguments.length >= 2) {
        const config = unwrap(node.arguments[1]!);
        if (!ts.isObjectLiteralExpression(config)) {
          refusal = { why: `${at(line(node))} registers a tool whose config is ${node.arguments[1]!.getText(source).slice(0, 40)}, not an object literal, so uproot cannot reach its schemas` };
          return;
        }
        const before = inserts.length;
        const why = wrapConfig(config, source, inserts);
        if (why) {
          refusal = { why: `${at(line(node))} ${why}` };
          return;
        }
        if (inserts.length > before) {
          const statementStart = statementOf(node).getFullStart();
          const marker = UNVERIFIED.exec(text.slice(statementStart, node.getStart(source)));
          if (marker) markers.push({ start: statementStart + marker.index, end: statementStart + marker.index + marker[0].length });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (refusal) return refusal;
  const edits = [...inserts.map((i) => ({ start: i.pos, end: i.pos, text: i.text })), ...markers.map((m) => ({ ...m, text: '' }))].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, count: inserts.length / 2 };
}

function statementOf(node: ts.Node): ts.Node {
  let n = node;
  while (n.parent && !ts.isSourceFile(n.parent) && !ts.isBlock(n.parent)) n = n.parent;
  return n;
}

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

function hasSchemaKey(arg: ts.Expression | undefined, key: string): boolean {
  if (!arg) return false;
  const e = unwrap(arg);
  if (!ts.isObjectLiteralExpression(e)) return true;
  return e.properties.some((p) => (p.name && ts.isIdentifier(p.name) && p.name.text === key) || ts.isSpreadAssignment(p));
}

/** Wrap the schema values of a config literal (its literal spreads included); a clause saying why not, otherwise. */
function wrapConfig(config: ts.ObjectLiteralExpression, source: ts.SourceFile, inserts: Array<{ pos: number; text: string }>): string | undefined {
  for (const p of config.properties) {
    if (ts.isSpreadAssignment(p)) {
      const literals = spreadLiterals(p.expression);
      if (!literals) return `spreads ${p.expression.getText(source).slice(0, 40)} into its config, where uproot cannot see whether schemas are handed over`;
      for (const literal of literals) {
        const why = wrapConfig(literal, source, inserts);
        if (why) return why;
      }
      continue;
    }
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) ? p.name.text : undefined;
    if (!name || !SCHEMA_KEYS.has(name)) {
      if (p.name && ts.isComputedPropertyName(p.name)) return 'computes a key of its config, where uproot cannot see whether schemas are handed over';
      continue;
    }
    if (ts.isPropertyAssignment(p)) {
      if (isBridged(p.initializer)) continue;
      inserts.push({ pos: p.initializer.getStart(source), text: 'zod3Schema(' }, { pos: p.initializer.getEnd(), text: ')' });
    } else if (ts.isShorthandPropertyAssignment(p)) {
      // `{ inputSchema }` → `{ inputSchema: zod3Schema(inputSchema) }`: the name stays as the argument.
      inserts.push({ pos: p.name.getStart(source), text: `${p.name.text}: zod3Schema(` }, { pos: p.name.getEnd(), text: ')' });
    } else return `declares ${name} as a method or accessor`;
  }
  return undefined;
}

const isBridged = (e: ts.Expression) => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'zod3Schema';

/** `...{ a }`, `...(c && { a })`, `...(c ? { a } : {})`: the object literals a spread can add; undefined for any other. */
function spreadLiterals(e: ts.Expression): ts.ObjectLiteralExpression[] | undefined {
  const inner = unwrap(e);
  if (ts.isObjectLiteralExpression(inner)) return [inner];
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
    const right = spreadLiterals(inner.right);
    if (!right) return undefined;
    // `c && {…}`: the left side is a condition, spread only when it is falsy (adds nothing).
    return inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? right : ((l) => (l ? [...l, ...right] : undefined))(spreadLiterals(inner.left));
  }
  if (ts.isConditionalExpression(inner)) {
    const a = spreadLiterals(inner.whenTrue);
    const b = spreadLiterals(inner.whenFalse);
    return a && b ? [...a, ...b] : undefined;
  }
  return undefined;
}

/** Add the bridge's import to a file (after its last import), spelled as the file spells relative imports. */
function withImport(file: string, text: string, moduleFile: string, style: 'ts' | 'esm' | 'cjs'): string {
  let rel = path.relative(path.dirname(file), moduleFile).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const ext = path.extname(moduleFile);
  const spellsSource = /from\s+['"]\.\.?\/[^'"]+\.ts['"]/.test(text);
  const spellsNone = !/from\s+['"]\.\.?\/[^'"]+\.[cm]?[jt]s['"]/.test(text) && /from\s+['"]\.\.?\/[^'"]+['"]/.test(text);
  const stem = rel.slice(0, -ext.length);
  const specifier = style !== 'ts' ? rel : spellsSource ? rel : spellsNone ? stem : `${stem}.js`;
  const line = style === 'cjs' ? `const { zod3Schema } = require('${specifier}');` : `import { zod3Schema } from '${specifier}';`;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports = source.statements.filter((s) => ts.isImportDeclaration(s) || (style === 'cjs' && ts.isVariableStatement(s) && /\brequire\s*\(/.test(s.getText(source))));
  const last = imports[imports.length - 1];
  if (!last) return `${line}\n${text}`;
  return `${text.slice(0, last.getEnd())}\n${line}${text.slice(last.getEnd())}`;
}
