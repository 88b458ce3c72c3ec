// Values a test compares against: `expect(result).toEqual({ inputRequests: { … } })`, `assert.deepEqual(x, { … })`,
// or a constant only such assertions read. A literal there describes what the code under test should produce; it is
// not a request this code makes, so the finder must not report it.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, propertyName, unwrap } from './ast.ts';
import type { Provenance } from './provenance.ts';
import { valueReaches } from './value-climb.ts';

/** Jest / Vitest matchers (and Chai's terminal words) whose argument is an expected value. */
const MATCHERS = new Set([
  'toEqual',
  'toStrictEqual',
  'toMatchObject',
  'toBe',
  'toContainEqual',
  'toContain',
  'toHaveProperty',
  'toHaveBeenCalledWith',
  'toHaveBeenLastCalledWith',
  'toHaveBeenNthCalledWith',
  'toHaveReturnedWith',
  'toHaveLastReturnedWith',
  'toHaveNthReturnedWith',
  'toBeCalledWith',
  'toMatchInlineSnapshot',
  'equal',
  'equals',
  'eql',
  'include',
  'includes',
  'contain',
  'containSubset',
  'like',
  'match',
]);

/** `assert.*` (node:assert, Chai's assert, uvu, tap / ava's `t`) methods whose arguments are compared. */
const ASSERTIONS = new Set([
  'equal',
  'notEqual',
  'strictEqual',
  'notStrictEqual',
  'deepEqual',
  'notDeepEqual',
  'deepStrictEqual',
  'notDeepStrictEqual',
  'partialDeepStrictEqual',
  'same',
  'notSame',
  'strictSame',
  'like',
  'match',
  'has',
  'is',
  'isNot',
  'equals',
  'fixture',
  'snapshot',
  'include',
  'deepInclude',
  'containSubset',
]);

/** Receivers of `ASSERTIONS`: the assertion modules' usual names and test runners' context parameter. */
const ASSERT_OBJECTS = new Set(['assert', 'assertion', 't', 'tap', 'expect', 'chai']);

/** `expect.objectContaining({ … })` and friends: asymmetric matchers wrap the expected value. */
const ASYMMETRIC = new Set(['objectContaining', 'arrayContaining', 'toEqual', 'partial']);

/** True when `node` is (part of) a value only test assertions compare against. */
export function isComparedValue(node: Node, prov: Provenance): boolean {
  return valueReaches(node, prov, {
    atCall: (call) => {
      if (call.type !== 'CallExpression') return false;
      if (isAssertionCall(call)) return true;
      return isAsymmetricMatcher(call) ? 'climb' : false;
    },
  });
}

/** `expect(x).toEqual(v)`, `expect(x).resolves.toMatchObject(v)`, `expect(v)`, `assert.deepEqual(x, v)`, `t.same(x, v)`. */
function isAssertionCall(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  // The subject of an assertion is compared too: `expect({ … }).toEqual(x)`.
  if (callee.type === 'Identifier') return callee.name === 'expect' || callee.name === 'assert';
  if (callee.type !== 'MemberExpression') return false;
  const name = propertyName(callee);
  if (!name) return false;
  if (MATCHERS.has(name) && chainStartsAtExpect(callee.object)) return true;
  return ASSERTIONS.has(name) && isAssertObject(unwrap(callee.object));
}

/** `assert`, `t`, and the same reached as a member: node:test's `t.assert`, `assert.strict`. */
function isAssertObject(node: Node): boolean {
  if (node.type === 'Identifier') return ASSERT_OBJECTS.has(node.name);
  if (node.type !== 'MemberExpression') return false;
  const name = propertyName(node);
  return name === 'assert' || (name === 'strict' && isAssertObject(unwrap(node.object)));
}

/** The receiver chain of a matcher leads back to an `expect(…)` call (`.not`, `.resolves`, Chai's `.to.deep`). */
function chainStartsAtExpect(node: Node): boolean {
  let current = unwrap(node);
  for (let i = 0; i < 8; i++) {
    if (current.type === 'MemberExpression') current = unwrap(current.object);
    else if (current.type === 'CallExpression') {
      const callee = unwrap(current.callee);
      if (callee.type === 'Identifier') return callee.name === 'expect';
      // `expect.soft(x)`, `expect.poll(fn)`, `chai.expect(x)`.
      if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'Identifier') {
        const owner = (unwrap(callee.object) as TSESTree.Identifier).name;
        if (owner === 'expect' || propertyName(callee) === 'expect') return true;
      }
      current = callee;
    } else return false;
  }
  return false;
}

function isAsymmetricMatcher(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return false;
  const owner = unwrap(callee.object);
  const name = propertyName(callee);
  return owner.type === 'Identifier' && owner.name === 'expect' && !!name && ASYMMETRIC.has(name);
}
