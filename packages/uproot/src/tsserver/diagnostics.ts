// uproot findings as TypeScript diagnostics: error or warning as configs.recommended weighs the rule.
import type ts from 'typescript';
import type { Finding } from './analysis.ts';

export function toDiagnostic(typescript: typeof ts, file: ts.SourceFile, finding: Finding): ts.Diagnostic {
  return {
    file,
    start: finding.start,
    length: finding.length,
    messageText: finding.message,
    category: finding.severity === 'error' ? typescript.DiagnosticCategory.Error : typescript.DiagnosticCategory.Warning,
    code: finding.code,
    source: 'uproot',
  };
}
