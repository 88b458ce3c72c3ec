// Small, parser-neutral AST helpers. Nodes come from oxc (TS-ESTree), typescript-estree or espree;
// the finder only relies on shapes the two share.
import type { TSESTree } from '@typescript-eslint/types';

export type Node = TSESTree.Node;
export type Expr = TSESTree.Expression;

/** Scope analysis, as exposed by both eslint-scope and @typescript-eslint/scope-manager. */
export interface ScopeManagerLike {
  acquire(node: Node, inner?: boolean): ScopeLike | null;
  globalScope: ScopeLike | null;
}
export interface ScopeLike {
  set: Map<string, VariableLike>;
  upper: ScopeLike | null;
  block: Node;
  type: string;
}
export interface VariableLike {
  name: string;
  defs: DefinitionLike[];
  references: ReferenceLike[];
}
export interface DefinitionLike {
  type: string;
  node: Node;
  name: Node;
  parent?: Node | null;
}
export interface ReferenceLike {
  identifier: Node;
  writeExpr?: Node | null;
  isWrite(): boolean;
}

/** A name inside a type (`value: typeof allowed`): it reads nothing at run time. */
export function inTypeOnly(id: Node): boolean {
  for (let p = id.parent; p; p = p.parent) {
    if (p.type === 'TSTypeQuery' || p.type === 'TSTypeAnnotation' || p.type === 'TSTypeAliasDeclaration' || p.type === 'TSInterfaceDeclaration') return true;
    if (p.type.endsWith('Statement') || p.type.endsWith('Declaration') || p.type === 'Program') return false;
  }
  return false;
}

export type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

export function isFunction(node: Node | null | undefined): node is FunctionNode {
  return (
    !!node &&
    (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression')
  );
}

/** Strip wrappers that do not change the value: parentheses-free TS casts, `!`, chains, `await`. */
/** Whether `inner` lies inside `outer` in the source (or is it). */
export function contains(outer: Node, inner: Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

export function unwrap(node: Node): Node {
  let current: Node = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ChainExpression':
        current = current.expression;
        break;
      default:
        return current;
    }
  }
}

/** The static string value of a literal or a template with no expressions. */
export function staticString(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'Literal' && typeof n.value === 'string') return n.value;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** The name of a non-computed (or literal-computed) property key or member property. */
export function propertyName(node: TSESTree.MemberExpression | TSESTree.Property | TSESTree.PropertyDefinition | TSESTree.MethodDefinition): string | undefined {
  const key = node.type === 'MemberExpression' ? node.property : node.key;
  if (!node.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'PrivateIdentifier') return undefined;
  return staticString(key);
}

export function findProperty(obj: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  for (const p of obj.properties) {
    if (p.type === 'Property' && propertyName(p) === name) return p;
  }
  return undefined;
}

/** The member expression's callee name for `a.b(...)`, or the identifier for `b(...)`. */
export function calleeName(call: TSESTree.CallExpression | TSESTree.NewExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return propertyName(callee);
  return undefined;
}

export function calleeObject(call: TSESTree.CallExpression): Node | undefined {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' ? callee.object : undefined;
}

/** The statement that holds `node` directly inside a block or the program: where a marker goes. */
export function enclosingStatement(node: Node): Node {
  let current: Node = node;
  while (current.parent) {
    const p: Node = current.parent;
    if (p.type === 'Program' || p.type === 'BlockStatement' || p.type === 'StaticBlock' || p.type === 'SwitchCase' || p.type === 'TSModuleBlock') {
      return current;
    }
    if (isFunction(p) && p.body === current) return current; // concise arrow body
    current = p;
  }
  return current;
}

/** The outermost expression that is `node` seen through casts (`as`, `satisfies`, `!`, `<T>`): the value as its users see it. */
export function castOuter(node: Node): Node {
  let current = node;
  for (;;) {
    const p = current.parent;
    if (p && (p.type === 'TSAsExpression' || p.type === 'TSSatisfiesExpression' || p.type === 'TSNonNullExpression' || p.type === 'TSTypeAssertion') && p.expression === current) current = p;
    else return current;
  }
}

export function enclosingFunction(node: Node): FunctionNode | undefined {
  let current = node.parent;
  while (current) {
    if (isFunction(current)) return current;
    current = current.parent;
  }
  return undefined;
}

/** `this` binds to the nearest non-arrow function; return its class when that function is a class member. */
export function thisClass(node: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  let current = node.parent;
  while (current) {
    if (current.type === 'FunctionDeclaration' || current.type === 'FunctionExpression') {
      const member = current.parent;
      if (member && (member.type === 'MethodDefinition' || member.type === 'PropertyDefinition')) {
        return member.parent?.parent as TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined;
      }
      return undefined;
    }
    if (current.type === 'PropertyDefinition' || current.type === 'StaticBlock') {
      return current.parent?.parent as TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined;
    }
    current = current.parent;
  }
  return undefined;
}

/** A readable name for a function: its declared name, the variable or property it is assigned to. */
export function functionName(fn: FunctionNode): string | undefined {
  if (fn.id) return fn.id.name;
  const p = fn.parent;
  if (!p) return undefined;
  if (p.type === 'VariableDeclarator' && p.id.type === 'Identifier') return p.id.name;
  if ((p.type === 'MethodDefinition' || p.type === 'Property' || p.type === 'PropertyDefinition') && p.value === fn) {
    return propertyName(p);
  }
  if (p.type === 'AssignmentExpression' && p.right === fn) {
    const left = p.left;
    if (left.type === 'Identifier') return left.name;
    if (left.type === 'MemberExpression') return propertyName(left);
  }
  return undefined;
}

export function nodeText(text: string, node: Node): string {
  return text.slice(node.range[0], node.range[1]);
}

/** Exported from its module: `export function f`, `export const f = …`, or `export { f }` further down. */
export function isExported(fn: FunctionNode): boolean {
  let p: Node | undefined = fn.parent;
  if (p?.type === 'VariableDeclarator') p = p.parent?.parent;
  if (p?.type === 'ExportNamedDeclaration' || p?.type === 'ExportDefaultDeclaration') return true;
  // `export { helper }` further down the file.
  const id = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  if (!id) return false;
  let program: Node = fn;
  while (program.parent) program = program.parent;
  return (program as TSESTree.Program).body.some(
    (s) => s.type === 'ExportNamedDeclaration' && !s.source && s.specifiers.some((spec) => spec.local.type === 'Identifier' && spec.local.name === id.name),
  );
}

