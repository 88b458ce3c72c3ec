// The TypeScript language service plugin (`"plugins": [{ "name": "uproot/tsserver" }]` in tsconfig.json):
// every tsserver client shows uproot's findings among the semantic diagnostics and offers its rewrites as
// code fixes. tsserver require()s it (dist/tsserver.cjs) and calls it with the editor's TypeScript.
import type ts from 'typescript';
import { FindingsCache } from './cache.ts';
import { MRTR_FIX_ID, codeFixesAt, textChanges } from './code-fixes.ts';
import { toDiagnostic } from './diagnostics.ts';
import { type AnalysisModule, loadAnalysis } from './load-analysis.ts';
import type { Finding } from './analysis.ts';

export default function init(modules: { typescript: typeof ts }): ts.server.PluginModule {
  const typescript = modules.typescript;
  return {
    create(info) {
      const analysis = loadAnalysis();
      const log = (message: string) => info.project.projectService.logger.info(`[uproot] ${message}`);
      if (typeof analysis === 'string') {
        log(analysis);
        return info.languageService;
      }
      log('uproot/tsserver is on: uproot diagnostics and MRTR code fixes for this project');
      return decorate(typescript, info, analysis, log);
    },
  };
}

function decorate(typescript: typeof ts, info: ts.server.PluginCreateInfo, analysis: AnalysisModule, log: (m: string) => void): ts.LanguageService {
  const ls = info.languageService;
  const cache = new FindingsCache();
  // A configured project's folder is its tsconfig's: where the editor's run of uproot starts.
  const projectDir = info.project.getCurrentDirectory();

  const sourceOf = (fileName: string) => {
    const file = ls.getProgram()?.getSourceFile(fileName);
    return file && !file.isDeclarationFile ? file : undefined;
  };
  const findingsOf = (file: ts.SourceFile): Finding[] =>
    cache.get(file.fileName, info.languageServiceHost.getScriptVersion(file.fileName), () => {
      try {
        return analysis.analyseFile(file.fileName, file.text, projectDir);
      } catch (error) {
        // One file uproot cannot analyse must not take the editor's diagnostics down with it.
        log(`could not analyse ${file.fileName}: ${error instanceof Error ? error.stack : String(error)}`);
        return [];
      }
    });

  const proxy: ts.LanguageService = { ...ls };
  proxy.getSemanticDiagnostics = (fileName) => {
    const own = ls.getSemanticDiagnostics(fileName);
    const file = sourceOf(fileName);
    return file ? [...own, ...findingsOf(file).map((f) => toDiagnostic(typescript, file, f))] : own;
  };
  // Editors ask which codes have fixes before they ask for fixes (older language services lack the per-file form).
  proxy.getSupportedCodeFixes = (fileName) => [...(ls.getSupportedCodeFixes?.(fileName) ?? typescript.getSupportedCodeFixes()), ...[...analysis.uprootCodes].map(String)];
  proxy.getCodeFixesAtPosition = (fileName, start, end, errorCodes, formatOptions, preferences) => {
    const theirs = errorCodes.filter((c) => !analysis.uprootCodes.has(c));
    const own = theirs.length ? ls.getCodeFixesAtPosition(fileName, start, end, theirs, formatOptions, preferences) : [];
    const file = sourceOf(fileName);
    if (!file || theirs.length === errorCodes.length) return own;
    return [...own, ...codeFixesAt(fileName, findingsOf(file), start, end, errorCodes, analysis.fileRewriteTitle)];
  };
  proxy.getCombinedCodeFix = (scope, fixId, formatOptions, preferences) => {
    if (fixId !== MRTR_FIX_ID) return ls.getCombinedCodeFix(scope, fixId, formatOptions, preferences);
    const file = sourceOf(scope.fileName);
    if (!file) return { changes: [] };
    try {
      return { changes: [textChanges(file.fileName, analysis.planFileRewrite(file.fileName, file.text, projectDir))] };
    } catch (error) {
      log(`could not plan ${file.fileName}: ${error instanceof Error ? error.stack : String(error)}`);
      return { changes: [] };
    }
  };
  return proxy;
}
