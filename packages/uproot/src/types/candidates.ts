// Which files typed mode hands the checker: TypeScript and JavaScript files that spell roots (the text
// pre-filter without its import half, since a receiver's type may come from a global declaration).
// The oracle takes JavaScript only where the project checks it (allowJs, checkJs, a jsconfig.json).
import { prefilterParts } from '@uproot/core/light';
import { cacheCompiledCommonJs } from '../compile-cache.ts';
import type { OracleOptions, TypeOracle } from './oracle.ts';

export function isTypedCandidate(file: string, text: string): boolean {
  return /\.[cm]?[jt]sx?$/.test(file) && prefilterParts.spelling(text);
}

/** Loads ts-morph (only here, only in typed mode) and adds every candidate before the first hint. */
export async function openOracle(tsconfig: string, files: Iterable<{ path: string; text: string }>, options?: OracleOptions): Promise<TypeOracle> {
  cacheCompiledCommonJs();
  const { TypeOracle } = await import('./oracle.ts');
  const oracle = new TypeOracle(tsconfig, options);
  for (const f of files) if (isTypedCandidate(f.path, f.text)) oracle.add(f.path, f.text);
  return oracle;
}
