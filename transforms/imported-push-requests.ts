// One file planned alone (an ESLint suggestion, the tsserver fix, jscodeshift) sees no other file's sites: the
// push requests a handler makes through a helper it imports are found here, one import deep, so the suggestion
// holds back what `uproot migrate` over the project holds back.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type ScopeManagerLike, type Provenance, type RootsSite, findRootsSites, originOf, reachesOf, unwrap, walkOwnBody } from '@uproot/core/planning';
import type { PushRequest } from './push-requests.ts';
import { isPushRequest } from './push-requests.ts';

/** The file planned alone, and its provenance. */
interface PlannedFile {
  path: string;
  prov: Provenance;
  /** Where the run started: the callers' boundary for a module no package.json holds, as for the file's own sites. */
  cwd?: string;
}

/** Each imported module's sites, found once however many handlers call into it. */
const sitesOf = new WeakMap<TSESTree.Program, RootsSite[]>();

/** The push requests made by functions `fns` call when those are imported from project modules. */
export function importedPushRequests(fns: Iterable<FunctionNode>, unit: PlannedFile): PushRequest[] {
  // The file's own origin: its module graph is bounded where the run started, as the file's sites were found.
  const origin = unit.prov.origin ?? originOf(unit.path);
  if (!origin) return [];
  const out: PushRequest[] = [];
  for (const fn of fns) {
    walkOwnBody(fn.body ?? fn, (n) => {
      if (n.type !== 'CallExpression') return;
      const callee = unwrap(n.callee);
      if (callee.type !== 'Identifier') return;
      const imported = importOf(callee, unit);
      if (!imported) return;
      const at = origin.graph.exportedAt?.(unit.path, imported.spec, imported.name);
      const target = at && unwrap(at.node);
      if (!at || !target || !isFunctionNode(target)) return;
      const { module } = at;
      // The graph's modules keep the scopes they were parsed with (module-graph.ts LoadedModule).
      const scopeManager = (module as { scopeManager?: ScopeManagerLike }).scopeManager;
      if (!scopeManager) return;
      let sites = sitesOf.get(module.program);
      if (!sites) sitesOf.set(module.program, (sites = findRootsSites({ ast: module.program, text: module.text, scopeManager, file: module.file, ...(unit.cwd ? { cwd: unit.cwd } : {}) })));
      for (const site of sites) {
        if (!isPushRequest(site)) continue;
        const reaches = reachesOf(site.node, module.prov as Provenance);
        if (reaches.some((r) => r.unresolved === target || r.hops.some((h) => h.fn === target)) && !out.some((o) => o.file === module.file && o.site.range[0] === site.range[0])) {
          out.push({ site, file: module.file });
        }
      }
    });
  }
  return out;
}

function importOf(id: TSESTree.Identifier, unit: Pick<PlannedFile, 'prov'>): { spec: string; name: string } | undefined {
  const def = unit.prov.variableOf(id)?.defs[0];
  if (def?.type !== 'ImportBinding') return undefined;
  const spec = def.node as Node;
  const declaration = spec.parent;
  if (declaration?.type !== 'ImportDeclaration' || !declaration.source.value.startsWith('.')) return undefined;
  if (spec.type === 'ImportSpecifier') return { spec: declaration.source.value, name: spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value };
  if (spec.type === 'ImportDefaultSpecifier') return { spec: declaration.source.value, name: 'default' };
  return undefined;
}

function isFunctionNode(node: Node): node is FunctionNode {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration';
}
