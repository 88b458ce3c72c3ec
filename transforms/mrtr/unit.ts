// One parsed file as the MRTR planner sees it: text, AST, scopes, provenance and its roots sites.
import type { TSESTree } from '@typescript-eslint/types';
import type { ScopeManagerLike } from '@uproot/core/planning';
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
}

export function makeUnit(path: string, text: string, ast: TSESTree.Program, scopeManager: ScopeManagerLike): Unit {
  return {
    path,
    text,
    ast,
    scopeManager,
    prov: new Provenance(scopeManager, undefined, originOf(path)),
    sites: findRootsSites({ ast, text, scopeManager, file: path }),
    typescript: /\.[cm]?tsx?$/.test(path),
    eol: eolOf(text),
    indent: indentUnit(text),
  };
}

/** Why a site cannot be rewritten; becomes its marker. */
export class Unprovable extends Error {
  readonly reason: import('@uproot/core').ReasonCode;
  constructor(reason: import('@uproot/core').ReasonCode, detail: string) {
    super(detail);
    this.reason = reason;
  }
}
