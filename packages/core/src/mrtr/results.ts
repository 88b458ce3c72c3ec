// Input-required results in a file: `inputRequired(spec)` from the v2 server SDK, and object literals
// with `resultType: 'input_required'` (hand-built, with or without the SDK).
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, findProperty, propertyName, staticString, unwrap } from '../ast.ts';
import type { Provenance } from '../provenance.ts';
import { isMcpExport } from './imports.ts';
import { type Field, fieldOf, isUndefined, objectOf, singleValue } from './values.ts';

export const INPUT_REQUIRED = 'input_required';

export interface InputRequiredResult {
  /** The builder call or the object literal. */
  node: TSESTree.CallExpression | TSESTree.ObjectExpression;
  form: 'builder' | 'literal';
  /** The object holding inputRequests / requestState: the builder's argument, or the literal itself. */
  spec: TSESTree.ObjectExpression | undefined;
  /** For the builder: whether it was given an argument at all. */
  hasArgument: boolean;
}

export function inputRequiredResultAt(node: Node, prov: Provenance): InputRequiredResult | undefined {
  if (node.type === 'CallExpression' && isInputRequiredBuilder(node, prov)) {
    const arg = node.arguments[0];
    return {
      node,
      form: 'builder',
      spec: arg && arg.type !== 'SpreadElement' ? objectOf(arg, prov) : undefined,
      // `inputRequired(undefined)` fails like `inputRequired()`.
      hasArgument: !!arg && !isUndefined(arg, prov),
    };
  }
  if (node.type === 'ObjectExpression' && isHandBuiltInputRequired(node)) return { node, form: 'literal', spec: node, hasArgument: true };
  return undefined;
}

/**
 * `inputRequired(...)` itself, not its `.listRoots()` / `.elicit()` helpers: imported (also renamed or
 * destructured from `require`), off a namespace, or a local bound to one of those. Import bindings only, so
 * the check stays cheap on every call in a large file.
 */
export function isInputRequiredBuilder(call: TSESTree.CallExpression, prov: Provenance): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression') return propertyName(callee) === 'inputRequired' && isMcpExport(callee, 'inputRequired', prov);
  if (callee.type !== 'Identifier') return false;
  if (isMcpExport(callee, 'inputRequired', prov)) return true;
  const alias = singleValue(callee, prov);
  return alias?.type === 'Identifier' && isMcpExport(alias, 'inputRequired', prov);
}

export function isHandBuiltInputRequired(obj: TSESTree.ObjectExpression): boolean {
  const prop = findProperty(obj, 'resultType');
  return !!prop && staticString(prop.value) === INPUT_REQUIRED;
}

/** What the spec says about one of its two fields, with `undefined` values counted as absent. */
export type SpecField = 'present' | 'empty' | 'absent' | 'unknown';

export function specField(spec: TSESTree.ObjectExpression, key: 'inputRequests' | 'requestState', prov: Provenance): SpecField {
  const field: Field = fieldOf(spec, key, prov);
  if (field.state === 'absent') return 'absent';
  if (field.state === 'unknown') return 'unknown';
  if (isUndefined(field.value, prov)) return 'absent';
  if (key === 'inputRequests') {
    // An inline `{}` (the SDK counts keys; `Object.keys({}).length === 0` is no input request at all).
    const value = unwrap(field.value);
    if (value.type === 'ObjectExpression' && value.properties.length === 0) return 'empty';
  }
  return 'present';
}

/** The `requestState` value of a result, when it is written in the result or its spec. */
export function requestStateValue(result: InputRequiredResult, prov: Provenance): { property: TSESTree.Property; value: Node } | undefined {
  if (!result.spec) return undefined;
  const field = fieldOf(result.spec, 'requestState', prov);
  return field.state === 'own' ? { property: field.property, value: field.value } : undefined;
}
