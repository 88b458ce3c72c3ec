// A text check that keeps files which cannot hold a roots site away from the parser. Every site
// spelling contains "roots" or "Roots" (listRoots, roots/list, capabilities.roots, RootsListChanged...).
const ROOTS = /[Rr]oots/;

export function mayContainRootsSites(text: string): boolean {
  return ROOTS.test(text);
}
