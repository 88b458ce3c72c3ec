// Test files drive a module themselves (they call its fill, set its state): they serve no client whose roots they
// would miss, so a caller there does not stop a per-request rewrite; migrate lists them in testsToUpdate.
import path from 'node:path';

/** Test files by the conventions test runners use (as migrate's testsToUpdate and the official codemod do). */
const TEST_FILE = /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

/** `file` (absolute) is a test file, judged by its path below `base` (the directory of the module it drives). */
export function isTestFileOf(file: string, base: string): boolean {
  return TEST_FILE.test(path.relative(base, file).split(path.sep).join('/'));
}
