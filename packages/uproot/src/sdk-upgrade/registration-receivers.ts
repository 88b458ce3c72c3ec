// Which `registerTool` / `registerPrompt` / `tool` / `prompt` calls hand schemas to an MCP server. The names are
// not MCP's alone: another SDK's session has `prompt(text)`, an agent framework's extension API `registerTool(def)`.
// Taken for MCP registrations, they held the upgrade of a package that uses them beside MCP's (zod-floor.ts) and
// refused its zod 3 bridge (zod3-bridge.ts). The checker says what the receiver is: an McpServer or Server of either
// SDK (also through a field, a parameter typed as one, a factory's return, a subclass) is MCP; a value whose type has
// a member McpServer and Server both lack (or a private one) cannot be either, so the call is another API's. Anything
// the checker cannot tell (`any`, a JavaScript parameter, a type that only names MCP's members) might be MCP and
// counts: the text match stays wherever nothing typed says otherwise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { nearestManifest } from '../files/workspaces.ts';
import { packageOf, zodProgram } from './zod-uses.ts';

export const REGISTRATION_METHODS = new Set(['registerTool', 'registerPrompt', 'tool', 'prompt']);
/** What a registration-named call's receiver is: an MCP server, another API's object, or not known. */
export type Receiver = 'mcp' | 'other' | 'unknown';

const isMcpDeclaration = (decl: ts.Node) => /^@modelcontextprotocol\//.test(packageOf(decl.getSourceFile().fileName)?.name ?? '');

/** `x.registerTool(…)`, `x.prompt(…)`, …: every registration-named method call of a file, in source order. */
export function registrationCalls(source: ts.SourceFile): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && REGISTRATION_METHODS.has(node.expression.name.text)) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * A call's identity that survives the official codemod, which rewrites MCP's registrations and leaves other APIs'
 * calls as they are: the method, the receiver as written and the argument count, with the call's ordinal among the
 * file's calls that share them.
 */
export function registrationKeys(source: ts.SourceFile, calls: ts.CallExpression[] = registrationCalls(source)): string[] {
  const seen = new Map<string, number>();
  return calls.map((call) => {
    const access = call.expression as ts.PropertyAccessExpression;
    const base = `${access.name.text}|${access.expression.getText(source).replace(/\s+/g, '')}|${call.arguments.length}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}#${n}`;
  });
}

/** The checker's answer for each registration-named call of a program. */
export function receiverClassifier(program: ts.Program): (call: ts.CallExpression) => Receiver {
  const checker = program.getTypeChecker();
  const names = mcpMemberNames(program, checker);
  return (call) => {
    const access = call.expression as ts.PropertyAccessExpression;
    // The method itself declared by the SDK (McpServer.registerTool, Server's through a subclass): MCP.
    const method = checker.getSymbolAtLocation(access.name);
    if (method?.declarations?.some(isMcpDeclaration)) return 'mcp';
    return receiverOf(checker, checker.getTypeAtLocation(access.expression), names, new Set());
  };
}

/** Every member name of the SDK's McpServer and Server classes the program loaded (inherited ones included). */
function mcpMemberNames(program: ts.Program, checker: ts.TypeChecker): Set<string> | undefined {
  let names: Set<string> | undefined;
  for (const source of program.getSourceFiles()) {
    if (!source.isDeclarationFile || !isMcpDeclaration(source)) continue;
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !/^(?:McpServer|Server)$/.test(statement.name.text)) continue;
      const symbol = checker.getSymbolAtLocation(statement.name);
      if (!symbol) continue;
      names ??= new Set();
      for (const p of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) names.add(p.name);
    }
  }
  return names;
}

function receiverOf(checker: ts.TypeChecker, type: ts.Type, names: Set<string> | undefined, seen: Set<ts.Type>): Receiver {
  if (seen.has(type)) return 'unknown';
  seen.add(type);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'unknown';
  if (type.isUnion() || type.isIntersection()) {
    const parts = type.types.map((t) => receiverOf(checker, t, names, seen));
    if (parts.includes('mcp')) return 'mcp';
    // A union is another API's only when each of its members is; an intersection when any is (its value is all of them).
    return (type.isUnion() ? parts.every((p) => p === 'other') : parts.includes('other')) ? 'other' : 'unknown';
  }
  if (type.flags & ts.TypeFlags.TypeParameter) {
    const constraint = checker.getBaseConstraintOfType(type);
    return constraint && constraint !== type ? receiverOf(checker, constraint, names, seen) : 'unknown';
  }
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol?.declarations?.some(isMcpDeclaration)) return 'mcp';
  if (type.isClassOrInterface() && checker.getBaseTypes(type).some((b) => receiverOf(checker, b, names, seen) === 'mcp')) return 'mcp';
  if (!names) return 'unknown';
  // An McpServer or Server can be this value only if it has each member the type requires; a private member makes a
  // class nominal, so no other class's instance is one.
  for (const p of checker.getPropertiesOfType(type)) {
    if (p.flags & ts.SymbolFlags.Optional) continue;
    if (!names.has(p.name) || p.name.startsWith('#') || p.declarations?.some((d) => ts.getCombinedModifierFlags(d as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected))) return 'other';
  }
  return 'unknown';
}

/** The program over a package's script files, when they are on disk; undefined otherwise (nothing typed to ask). */
export function packageProgram(dir: string, files: string[]): ts.Program | undefined {
  const scripts = files.filter((f) => /\.[cm]?[jt]sx?$/.test(f) && !/\.d\.[cm]?ts$/.test(f));
  return scripts.every((f) => existsSync(f)) ? zodProgram(dir, scripts) : undefined;
}

/**
 * Per file (absolute path): the keys (registrationKeys) of its calls the checker shows are another API's, and how
 * many calls share each key's base, so a copy whose count differs (the codemod renamed a call into it) is not trusted.
 */
export interface OtherRegistrations {
  other: Set<string>;
  counts: Map<string, number>;
}

/** The registration-named calls of `files` (one package at `dir`) whose receivers are not MCP servers. */
export function otherRegistrations(dir: string, files: string[]): Map<string, OtherRegistrations> {
  const out = new Map<string, OtherRegistrations>();
  const program = packageProgram(dir, files);
  if (!program) return out;
  const classify = receiverClassifier(program);
  for (const file of files) {
    const source = program.getSourceFile(path.resolve(file));
    if (!source) continue;
    const calls = registrationCalls(source);
    const keys = registrationKeys(source, calls);
    const other = new Set(keys.filter((_, i) => classify(calls[i]!) === 'other'));
    if (other.size) out.set(path.resolve(file), { other, counts: baseCounts(keys) });
  }
  return out;
}

/** The start positions of the calls in `source` (a later text of the same file) that `found` shows are another API's. */
export function otherCallsIn(source: ts.SourceFile, found: OtherRegistrations | undefined): Set<number> {
  const out = new Set<number>();
  if (!found) return out;
  const calls = registrationCalls(source);
  const keys = registrationKeys(source, calls);
  const counts = baseCounts(keys);
  keys.forEach((k, i) => {
    const base = k.slice(0, k.lastIndexOf('#'));
    if (found.other.has(k) && counts.get(base) === found.counts.get(base)) out.add(calls[i]!.getStart(source));
  });
  return out;
}

function baseCounts(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of keys) {
    const base = k.slice(0, k.lastIndexOf('#'));
    counts.set(base, (counts.get(base) ?? 0) + 1);
  }
  return counts;
}

/**
 * The first registration in each file that might be MCP's (`file:line`), by the checker where the files are a
 * package on disk, by the text where not (files given as texts): the text match counts every call.
 */
export function mcpRegistrationLine(file: string, text: string, typed: Map<string, OtherRegistrations> | undefined): number | undefined {
  const source = parseScript(file, text);
  const other = typed ? otherCallsIn(source, typed.get(path.resolve(file))) : new Set<number>();
  const call = registrationCalls(source).find((c) => !other.has(c.getStart(source)));
  // The method name's line: a chain split over lines (`mcp\n  .prompt(…)`) is at its `.prompt`.
  return call ? source.getLineAndCharacterOfPosition((call.expression as ts.PropertyAccessExpression).name.getStart(source)).line + 1 : undefined;
}

/** The other APIs' registration calls of `files` on disk, each file checked in its package's program. */
export function otherRegistrationsByPackage(files: string[]): Map<string, OtherRegistrations> {
  const out = new Map<string, OtherRegistrations>();
  const groups = new Map<string, string[]>();
  for (const f of files) {
    const manifest = nearestManifest(path.dirname(path.resolve(f)));
    const dir = manifest ? path.dirname(manifest) : path.dirname(path.resolve(f));
    groups.set(dir, [...(groups.get(dir) ?? []), f]);
  }
  for (const [dir, group] of groups) for (const [file, found] of otherRegistrations(dir, group)) out.set(file, found);
  return out;
}

/** A script's syntax tree, as a JSX-aware parse where the extension says so. */
export function parseScript(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?tsx$|\.jsx$/.test(file) ? ts.ScriptKind.TSX : undefined);
}
