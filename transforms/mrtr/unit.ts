// One parsed file as the MRTR planner sees it: text, AST, scopes, provenance and its roots sites.
import type { TSESTree } from '@typescript-eslint/types';
import type { ScopeManagerLike, TypeHint } from '@uproot/core/planning';
import { eolOf, indentUnit } from '@uproot/core/planning';
import { Provenance } from '@uproot/core/planning';
import { findRootsSites, originOf } from '@uproot/core/planning';
import type { RootsSite } from '@uproot/core/planning';

export interface Unit {
  path: string;
  text: string;
  ast: TSESTree.Program;
  scopeManager: ScopeManagerLike;
  prov: Provenance;
  sites: RootsSite[];
  typescript: boolean;
  eol: string;
  indent: string;
  /** Functions of the file whose calls only read, which a round may run again (MrtrOptions.pushOnly). */
  replaySafe?: ReadonlySet<string>;
}

/**
 * `typeHint`: type information for the file (uproot's `--types on`), consulted where syntax cannot prove a receiver.
 * `cwd`: where the run started, the callers' boundary for a file no package.json or repository holds.
 */
export function makeUnit(path: string, text: string, ast: TSESTree.Program, scopeManager: ScopeManagerLike, typeHint?: TypeHint, cwd?: string): Unit {
  return {
    path,
    text,
    ast,
    scopeManager,
    prov: new Provenance(scopeManager, typeHint, originOf(path, cwd)),
    sites: findRootsSites({ ast, text, scopeManager, file: path, typeHint, cwd }),
    typescript: /\.[cm]?tsx?$/.test(path),
    eol: eolOf(text),
    indent: indentUnit(text),
  };
}

// Why a site cannot be rewritten; becomes its marker. One class for both strategies, so the roots
// state model they share (param/state/hooks.ts) says "not provable" the way each plan catches it.
export { Unprovable } from '../param/unprovable.ts';
