import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The settings a user's nodenext project would type-check the fixture with. */
function compilerOptions(js: boolean): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    ...(js ? { allowJs: true, checkJs: false } : {}),
  };
}

/** Parsed library files (SDK typings, lib.*.d.ts, @types/node) are shared across programs: they never change. */
const libraryCache = new Map<string, ts.SourceFile>();

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const cacheable = fileName.includes('/node_modules/') || fileName.endsWith('.d.ts');
    if (!cacheable) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    let file = libraryCache.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) libraryCache.set(key, file);
    }
    return file;
  };
  return host;
}

function rootFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:[cm]?[jt]s)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function format(diagnostic: ts.Diagnostic, relativeTo: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code} ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const file = path.relative(relativeTo, diagnostic.file.fileName);
  return `${file}:${line + 1}:${character + 1} TS${diagnostic.code} ${message}`;
}

/**
 * Type-checks several fixture directories in one program (much cheaper than one program each) and
 * returns each directory's diagnostics as `file:line:col TSnnnn message`, file relative to that directory.
 * A directory counts as JavaScript when it holds no `.ts` file; then `allowJs` is on and `checkJs` off.
 * JS and TS directories go into separate programs.
 */
export function typecheckDirs(dirs: readonly string[]): Map<string, string[]> {
  const result = new Map<string, string[]>(dirs.map((d) => [path.resolve(d), []]));
  const groups = new Map<boolean, string[]>();
  for (const dir of result.keys()) {
    const js = !rootFiles(dir).some((f) => /\.[cm]?ts$/.test(f));
    groups.set(js, [...(groups.get(js) ?? []), dir]);
  }
  for (const [js, group] of groups) {
    const options = compilerOptions(js);
    const program = ts.createProgram({ rootNames: group.flatMap(rootFiles), options, host: cachingHost(options) });
    for (const diagnostic of [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]) {
      for (const dir of group) result.get(dir)!.push(format(diagnostic, dir));
    }
    for (const file of program.getSourceFiles()) {
      const owner = group.find((d) => file.fileName.startsWith(`${d}${path.sep}`));
      if (!owner) continue;
      const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
      result.get(owner)!.push(...diagnostics.map((d) => format(d, owner)));
    }
  }
  return result;
}

/** Type-checks one fixture directory; see {@link typecheckDirs}. */
export function typecheck(dir: string): string[] {
  return typecheckDirs([dir]).get(path.resolve(dir))!;
}
