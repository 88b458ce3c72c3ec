// Every file migrate changed must still parse: TypeScript's syntactic diagnostics, no type information needed.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export function parseErrors(file) {
  const out = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, allowJs: true },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}
