// Every zod API a package uses, found through the TypeScript checker over the package's own files with zod's
// installed declarations: a member is a zod use when its declaration lives in zod, however the value reached it
// (a schema built in another file behind a barrel, a getter, a destructured parse result, JavaScript without
// checkJs, whose types TypeScript still infers). Names alone would miss those and catch unrelated `.parse` calls.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { withBundledLibs } from '../types/libs.ts';

export interface ZodUse {
  /** Absolute path. */
  file: string;
  /** 1-based. */
  line: number;
  /**
   * What is used: `z.string` (a value exported by zod), `type z.infer` (a type), `ZodType.describe` (a member of
   * a zod class or type, keyed by the zod declaration that holds it), `import zod-to-json-schema` (another
   * package of the zod family), `escape …` (a zod value zod itself does not consume).
   */
  use: string;
  /** For calls: how many arguments; for types: how many type arguments. */
  args?: number;
  /**
   * For schema members: the methods called earlier in the same chain, nearest first (`z.string().min(1).default('a')`
   * at default → min, string); `z` closes a chain that starts at a zod factory, `?` one that starts anywhere else.
   */
  chain?: string[];
  /** For schema members: the receiver's type as TypeScript writes it (`ZodDefault<ZodString>`). */
  receiver?: string;
  /** For calls: the kind of the first argument when it is a literal (`[]` → array, `'a'` → string). */
  literal?: 'array' | 'string' | 'number' | 'boolean';
  /** Declared in zod's own v4 (zod/v4, zod/mini in zod 3.25): already zod 4, whatever the range says. */
  v4?: boolean;
}

/** Where v1 and v2 declare McpServer (v1's mcp.js imports its Server). */
const MCP_SERVER_MODULES = ['@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/server'];
const isScript = (file: string) => /\.[cm]?[jt]sx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file);
const ZOD_SPECIFIER = /^zod(?:\/(v3|v4|mini|v4-mini|v4\/core|v4\/mini))?$/;
/** Packages that take zod schemas and read zod's own internals (zod-to-json-schema, zod-validation-error, …). */
const ZOD_FAMILY = /(?:^|[/@-])zod(?:$|[/-])/;

/** The installed package a declaration file belongs to, by its package.json (an npm alias keeps zod's own name). */
const packages = new Map<string, { name: string; root: string } | null>();
export function packageOf(file: string): { name: string; root: string } | null {
  if (!/[/\\]node_modules[/\\]/.test(file)) return null;
  const dir = path.dirname(file);
  let found = packages.get(dir);
  if (found !== undefined) return found;
  found = null;
  for (let current = dir; path.basename(current) !== 'node_modules' && path.dirname(current) !== current; current = path.dirname(current)) {
    const manifest = path.join(current, 'package.json');
    if (!existsSync(manifest)) continue;
    const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
    // zod 3.25 ships nested package.json files without a name (v3/, v4/): the package's own has one.
    if (typeof name === 'string') {
      found = { name, root: current };
      break;
    }
  }
  packages.set(dir, found);
  return found;
}

const inZod = (decl: ts.Node) => packageOf(decl.getSourceFile().fileName)?.name === 'zod';

/** The last program built, keyed by its folder and its files' paths, sizes and times: the zod floor, the zod 4 proof
 * and the bridge's receiver check ask about the same package in turn. */
let cached: { key: string; program: ts.Program } | undefined;

/**
 * The program over the package's script files, JavaScript included (TypeScript infers its types without checkJs),
 * and the installed MCP SDK's server declarations, so what an McpServer is is known even where no file imports it
 * (registration-receivers.ts).
 */
export function zodProgram(dir: string, files: string[]): ts.Program {
  const scripts = files.filter(isScript);
  let key: string | undefined = dir;
  try {
    for (const f of scripts) {
      const s = statSync(f);
      key += `\0${f}\0${s.size}\0${s.mtimeMs}`;
    }
  } catch {
    key = undefined;
  }
  if (key !== undefined && cached?.key === key) return cached.program;
  const tsconfig = path.join(dir, 'tsconfig.json');
  let options: ts.CompilerOptions = {};
  if (existsSync(tsconfig)) options = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })?.options ?? {};
  options = { ...options, allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, types: [] };
  if (!options.module) options = { ...options, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  // Without a target TypeScript assumes ES5, whose lib has no Promise: `.then` callbacks would lose their types.
  if (!options.target) options = { ...options, target: ts.ScriptTarget.ES2022 };
  const sdk = MCP_SERVER_MODULES.map((m) => ts.resolveModuleName(m, path.join(dir, 'package.json'), options, ts.sys).resolvedModule?.resolvedFileName).filter((f): f is string => !!f && /\.d\.[cm]?ts$/.test(f));
  const program = ts.createProgram({ rootNames: [...scripts, ...sdk], options, host: withBundledLibs(ts.createCompilerHost(options), options) });
  if (key !== undefined) cached = { key, program };
  return program;
}

/** The zod declaration that holds a symbol's first declaration, or undefined when zod does not declare it. */
function zodDeclaration(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Declaration | undefined {
  if (!symbol) return undefined;
  const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return resolved.declarations?.find(inZod);
}

/** zod's namespace itself (`export * as z`, `export default z`, a module), reached as `require('zod').z`. */
function isNamespace(decl: ts.Node): boolean {
  return ts.isSourceFile(decl) || ts.isModuleDeclaration(decl) || ts.isNamespaceExport(decl) || ts.isNamespaceImport(decl) || ts.isExportAssignment(decl) || ts.isExportSpecifier(decl) || ts.isImportSpecifier(decl) || ts.isImportClause(decl);
}

/** `z.name` for zod's module-level exports, `Holder.name` for members of a zod class, interface or type. */
function useName(decl: ts.Declaration, name: string): string {
  for (let n: ts.Node | undefined = decl.parent; n; n = n.parent) {
    if ((ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) && n.name) return `${n.name.text}.${name}`;
    if (ts.isSourceFile(n) || ts.isModuleBlock(n)) break;
  }
  return `z.${name}`;
}

/** The methods called before this one in a chain: `a.b().c().d` at `d` → c, b. */
function chainOf(access: ts.PropertyAccessExpression): string[] {
  const out: string[] = [];
  let e: ts.Expression = access.expression;
  while (true) {
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
      out.push(e.expression.name.text);
      e = e.expression.expression;
    } else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else break;
  }
  out.push(out.length && ts.isIdentifier(e) ? 'z' : '?');
  return out;
}

function literalKind(node: ts.Expression | undefined): ZodUse['literal'] {
  if (!node) return undefined;
  if (ts.isArrayLiteralExpression(node) && !node.elements.length) return 'array';
  if (ts.isStringLiteralLike(node)) return 'string';
  if (ts.isNumericLiteral(node) || (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand))) return 'number';
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
  return undefined;
}

const isV4 = (decl: ts.Node) => {
  const file = decl.getSourceFile().fileName;
  const root = packageOf(file)?.root;
  return !!root && /^(?:v4|mini|v4-mini)[/\\]/.test(path.relative(root, file));
};

/** Every zod use in `files` (the package's script files). */
export function zodUses(program: ts.Program, files: string[]): ZodUse[] {
  const checker = program.getTypeChecker();
  const words = zodWords(program);
  const out: ZodUse[] = [];
  for (const file of files.filter(isScript)) {
    const source = program.getSourceFile(path.resolve(file));
    if (!source) continue;
    const at = (node: ts.Node, use: string, extra: Partial<ZodUse> = {}) => out.push({ file: source.fileName, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, use, ...extra });
    const visit = (node: ts.Node) => {
      const specifier = moduleSpecifier(node);
      if (specifier !== undefined) {
        if (ZOD_SPECIFIER.test(specifier)) at(node, `import ${specifier}`);
        else if (ZOD_FAMILY.test(specifier)) at(node, `import ${specifier}`);
      }
      if (ts.isPropertyAccessExpression(node) || (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))) {
        const nameNode = ts.isPropertyAccessExpression(node) ? node.name : node.argumentExpression;
        const name = ts.isPropertyAccessExpression(node) ? node.name.text : (node.argumentExpression as ts.StringLiteralLike).text;
        const decl = words.has(name) ? zodDeclaration(checker, checker.getSymbolAtLocation(nameNode)) : undefined;
        // `require('zod').z` and `import('zod').default` are the namespace itself, not a use.
        if (decl && !isNamespace(decl)) {
          const call = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent : undefined;
          const member = useName(decl, name);
          const literal = literalKind(call?.arguments[0]);
          at(node, member, {
            ...(call ? { args: call.arguments.length } : {}),
            ...(literal ? { literal } : {}),
            ...(isV4(decl) ? { v4: true } : {}),
            ...(ts.isPropertyAccessExpression(node) && !member.startsWith('z.') ? { chain: chainOf(node), receiver: checker.typeToString(checker.getTypeAtLocation(node.expression)) } : {}),
          });
        }
      }
      if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const key = node.propertyName ?? node.name;
        const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
        const property = name && words.has(name) ? checker.getTypeAtLocation(node.parent).getProperty(name) : undefined;
        const decl = property?.declarations?.find(inZod);
        if (decl && name && !isNamespace(decl)) at(node, useName(decl, name), isV4(decl) ? { v4: true } : {});
      }
      if (ts.isTypeReferenceNode(node)) {
        const nameNode = ts.isQualifiedName(node.typeName) ? node.typeName.right : node.typeName;
        const decl = words.has(nameNode.text) ? zodDeclaration(checker, checker.getSymbolAtLocation(nameNode)) : undefined;
        if (decl) at(node, `type ${useName(decl, nameNode.text)}`, { args: node.typeArguments?.length ?? 0, ...(isV4(decl) ? { v4: true } : {}) });
      }
      // A value zod exports used on its own (a named import called or compared, `instanceof ZodError`).
      if (ts.isIdentifier(node) && !isDeclarationName(node) && !ts.isPropertyAccessExpression(node.parent) && !ts.isQualifiedName(node.parent) && !ts.isTypeReferenceNode(node.parent) && !isImportOrExportPart(node)) {
        const symbol = checker.getSymbolAtLocation(node);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
          const decl = zodDeclaration(checker, symbol);
          if (decl) {
            const call = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent : undefined;
            at(node, ts.isSourceFile(decl) || ts.isModuleDeclaration(decl) || ts.isNamespaceExport(decl) || ts.isExportDeclaration(decl) ? 'escape z' : useName(decl, node.text), call ? { args: call.arguments.length } : {});
          }
        }
      }
      if (ts.isCallExpression(node)) escapes(checker, node, at);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isVariableDeclaration(parent) || ts.isBindingElement(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isClassDeclaration(parent)) && (parent as { name?: ts.Node }).name === node;
}

function isImportOrExportPart(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isExportSpecifier(n) || ts.isImportEqualsDeclaration(n)) return true;
    if (ts.isStatement(n)) return false;
  }
  return false;
}

/** `import … from 'x'`, `export … from 'x'`, `require('x')`, `import('x')`: the specifier. */
function moduleSpecifier(node: ts.Node): string | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) return node.moduleSpecifier.text;
  if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) return node.arguments[0].text;
  return undefined;
}

/** Whether a type is one zod declares (a schema, a parse result, an error), in any member of a union. */
function isZodType(type: ts.Type): boolean {
  const symbols = [type.aliasSymbol, type.getSymbol(), ...(type.isUnion() ? type.types.map((t) => t.aliasSymbol ?? t.getSymbol()) : [])];
  return symbols.some((s) => s?.declarations?.some(inZod));
}

/**
 * A zod value handed to a function another installed package declares: that package reads the schema itself
 * (zod-to-json-schema reads zod 3's `_def`), so what it does on zod 4 is not zod's to promise. The MCP SDK is
 * what the upgrade hands schemas to on purpose, and zod's own functions are uses of their own.
 */
function escapes(checker: ts.TypeChecker, call: ts.CallExpression, at: (node: ts.Node, use: string) => void): void {
  if (!call.arguments.length || declaredWhereNothingEscapes(checker, call)) return;
  const signature = checker.getResolvedSignature(call);
  const decl = signature?.getDeclaration();
  if (!decl) return;
  const pkg = foreignPackage(decl);
  if (!pkg) return;
  for (const arg of call.arguments) if (isZodType(checker.getTypeAtLocation(arg))) at(arg, `escape ${pkg}`);
}

/** The installed package other than zod, the MCP SDK, type packages and TypeScript's libs that declares `decl`. */
function foreignPackage(decl: ts.Node): string | undefined {
  const pkg = packageOf(decl.getSourceFile().fileName)?.name;
  if (!pkg || pkg === 'zod' || pkg.startsWith('@modelcontextprotocol/') || pkg.startsWith('@types/') || pkg === 'typescript') return undefined;
  return pkg;
}

const SIGNATURE_DECLARATION = new Set([ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.MethodDeclaration, ts.SyntaxKind.MethodSignature, ts.SyntaxKind.Constructor]);

/**
 * Whether the callee is a function or method whose every declaration is outside a foreign package: the
 * signature a call resolves to is one of its callee's declarations, so none can be another package's, and the
 * call need not be resolved. Resolving one is what costs: the v1 SDK's registerTool overloads over zod 3
 * schemas take the checker minutes (TS2589 territory), and the SDK is where schemas are meant to go anyway.
 */
function declaredWhereNothingEscapes(checker: ts.TypeChecker, call: ts.CallExpression): boolean {
  const callee = call.expression;
  const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
  if (!nameNode) return false;
  let symbol = checker.getSymbolAtLocation(nameNode);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declarations = symbol?.declarations;
  if (!declarations?.length || !declarations.every((d) => SIGNATURE_DECLARATION.has(d.kind))) return false;
  return declarations.every((d) => !foreignPackage(d));
}

/**
 * Every word zod's declaration files spell (names and string literals alike): a member, property or type whose
 * name is not among them cannot be declared in zod, so the checker is not asked about it. Asking costs where the
 * receiver's type comes from a call the checker has to infer (a tool callback's destructured arguments).
 */
function zodWords(program: ts.Program): Set<string> {
  const words = new Set<string>();
  for (const source of program.getSourceFiles()) if (inZod(source)) for (const m of source.text.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(m[0]);
  return words;
}
