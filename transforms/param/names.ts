// Names the param rewrite introduces: never one that already names something where it would be visible.
import type { Node } from '@uproot/core/planning';
import { walkAll } from '@uproot/core/planning';

/** `preferred`, or `preferred2`, `preferred3`…: the first no identifier inside `scopes` uses and not `taken`. */
export function freshName(scopes: readonly Node[], preferred: string, taken: ReadonlySet<string> = new Set()): string {
  const used = new Set<string>();
  for (const scope of scopes) walkAll(scope, (n) => n.type === 'Identifier' && used.add(n.name));
  for (let i = 1; ; i++) {
    const name = i === 1 ? preferred : `${preferred}${i}`;
    if (!taken.has(name) && !used.has(name)) return name;
  }
}

/** A plain `a`, `a.b`, `this.a` chain: safe to repeat without evaluating anything twice. */
export function isPlainChain(source: string): boolean {
  return /^(this|[A-Za-z_$][\w$]*)(\??\.[A-Za-z_$][\w$]*)*$/.test(source);
}

/** A string literal in the file's own quote style (the style of its first import or require). */
export function stringLiteral(text: string, value: string): string {
  const first = /(?:\bfrom\s*|\brequire\(\s*)(['"])/.exec(text);
  const quote = first?.[1] ?? "'";
  return quote + value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n') + quote;
}
