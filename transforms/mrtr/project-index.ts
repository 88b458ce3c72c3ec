// What the planner knows of the whole run, apart from chains.ts so that the modules chains.ts uses can name it
// without importing chains.ts back (the layout test forbids import circles, type-only ones included).
import type { TSESTree } from '@typescript-eslint/types';
import type { FunctionNode } from '@uproot/core/planning';
import type { PackageSources } from './package-sources.ts';
import type { Unit } from './unit.ts';

/** Cross-file callers of exported functions, over the files of one run. */
export interface ProjectIndex {
  /** Every call of `fn` from other files, or undefined when some use is not a plain call uproot can follow. */
  callersOf(unit: Unit, fn: FunctionNode): Array<{ unit: Unit; call: TSESTree.CallExpression }> | undefined;
  /** Files of the run besides `except` that import `file` (through barrels too), or undefined when one cannot be read. */
  importersOf?(file: string, except: string): string[] | undefined;
  /** Whether `file` is one of the run's files (its callers are searched); a file outside it is never read for calls. */
  inRun?(file: string): boolean;
  /** The run's reads of whole packages (uncalled.ts), shared by every helper it asks about. */
  packageSources?: PackageSources;
}

/** The run's files as units, so a state found in another module can be followed there. */
export interface UnitIndex {
  unitAt(file: string): Unit | undefined;
}
