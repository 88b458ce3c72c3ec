// Names the param rewrite introduces: never one that already appears where it would be visible.
import type { Node } from '../../packages/core/src/ast.ts';

/** `preferred`, or `preferred2`, `preferred3`… : the first that appears in none of `scopes` and is not `taken`. */
export function freshName(text: string, scopes: readonly Node[], preferred: string, taken: ReadonlySet<string> = new Set()): string {
  for (let i = 1; ; i++) {
    const name = i === 1 ? preferred : `${preferred}${i}`;
    if (taken.has(name)) continue;
    const pattern = new RegExp(`(?<![\\w$])${name}(?![\\w$])`);
    if (scopes.every((s) => !pattern.test(text.slice(s.range[0], s.range[1])))) return name;
  }
}

/** A plain `a`, `a.b`, `this.a` chain: safe to repeat without evaluating anything twice. */
export function isPlainChain(source: string): boolean {
  return /^(this|[A-Za-z_$][\w$]*)(\??\.[A-Za-z_$][\w$]*)*$/.test(source);
}
