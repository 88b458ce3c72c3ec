// @typescript-eslint/rule-tester expects mocha/jest-style globals; wire vitest's in explicitly. Imported by the
// testers (testers.ts) rather than set up for every test file: loading the rule tester (typescript-eslint and
// TypeScript) cost each of the suite's ~170 files about a second, and only the rule tests use it.
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.itSkip = it.skip;
RuleTester.describeSkip = describe.skip;

export { RuleTester };
