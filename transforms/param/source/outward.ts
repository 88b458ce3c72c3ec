// Roots that leave the package: a framework hands them to its users (an exported class's public
// member returns them, an `emit` carries them, a callback from the options receives them). Those
// users asked for the client's roots; the server's configuration is not that, so such sites stay marked.
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, contains, enclosingFunction, propertyName } from '@uproot/core/planning';
import { walkAll } from '@uproot/core/planning';
import type { VariableLike } from '@uproot/core/planning';

const CALLBACK_HOLDERS = /^(options|opts|config|callbacks|hooks|handlers)$/;

/** Why the answer reaches code outside the package, or undefined when it stays inside. */
export function outwardReach(value: Node, binding: VariableLike | undefined, text: string): string | undefined {
  const fn = enclosingFunction(value);
  if (!fn) return undefined;
  const derived = (n: Node) => contains(n, value) || (!!binding && binding.references.some((r) => contains(n, r.identifier as Node)));
  let why: string | undefined;
  const fields = new Set<string>();
  walkAll(fn, (n) => {
    if (why) return;
    if (n.type === 'CallExpression' && n.arguments.some(derived)) {
      const callee = n.callee;
      if (callee.type === 'MemberExpression' && propertyName(callee) === 'emit') why = 'they are emitted as an event to the package\'s users';
      else if (callee.type === 'MemberExpression' && holdsCallbacks(callee.object)) why = 'they are passed to a callback the package\'s user supplied';
    }
    if (n.type === 'AssignmentExpression' && n.left.type === 'MemberExpression' && n.left.object.type === 'ThisExpression' && derived(n.right)) fields.add(fieldKey(n.left.property));
  });
  if (why) return why;
  const cls = classOf(fn);
  if (!cls || !exported(cls, text)) return undefined;
  const name = cls.id?.name ?? 'the exported class';
  const method = methodOf(fn);
  if (method && isPublic(method) && returns(method.value, derived)) return `${name}'s ${method.accessibility === 'protected' ? 'protected' : 'public'} ${propertyName(method) ?? 'method'}() returns them to the package's users`;
  for (const member of cls.body.body) {
    if (member.type === 'PropertyDefinition' && fields.has(fieldKey(member.key)) && isPublic(member)) return `${name}'s public field ${propertyName(member)} holds them for the package's users`;
    if (member.type !== 'MethodDefinition' || !isPublic(member)) continue;
    if (returns(member.value, (r) => readsField(r, fields))) return `${name}'s public ${member.kind === 'get' ? 'getter' : 'method'} ${propertyName(member) ?? ''} returns them to the package's users`;
  }
  // A field no declaration makes private (JavaScript's `this._roots`) is public.
  for (const key of fields) if (!key.startsWith('#') && !cls.body.body.some((m) => m.type === 'PropertyDefinition' && fieldKey(m.key) === key)) return `${name}'s field ${key} holds them, readable by the package's users`;
  return undefined;
}

function holdsCallbacks(object: Node): boolean {
  if (object.type === 'Identifier') return CALLBACK_HOLDERS.test(object.name);
  return object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' && CALLBACK_HOLDERS.test(object.property.name);
}

function fieldKey(key: Node): string {
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  return key.type === 'Identifier' ? key.name : '';
}

function classOf(fn: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (let n: Node | undefined = fn.parent; n; n = n.parent) if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') return n;
  return undefined;
}

function methodOf(fn: Node): TSESTree.MethodDefinition | undefined {
  return fn.parent?.type === 'MethodDefinition' ? fn.parent : undefined;
}

/** Visible to the package's users: public, or protected (a subclass outside the package sees it). */
function isPublic(member: TSESTree.MethodDefinition | TSESTree.PropertyDefinition): boolean {
  return member.key.type !== 'PrivateIdentifier' && member.accessibility !== 'private' && !member.static;
}

function exported(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, text: string): boolean {
  const p = cls.parent;
  if (p?.type === 'ExportNamedDeclaration' || p?.type === 'ExportDefaultDeclaration') return true;
  const name = cls.id?.name;
  return !!name && (new RegExp(`export\\s*\\{[^}]*\\b${name}\\b`).test(text) || new RegExp(`module\\.exports[^;]*\\b${name}\\b`).test(text));
}

/** Some `return` of the function itself (not of a nested one) gives back a value `matches` accepts. */
function returns(fn: Node, matches: (n: Node) => boolean): boolean {
  let found = false;
  walkAll(fn, (n) => {
    if (n.type === 'ReturnStatement' && n.argument && enclosingFunction(n) === fn && matches(n.argument)) found = true;
    if (n.type === 'ArrowFunctionExpression' && n.parent === fn) return;
  });
  if (fn.type === 'ArrowFunctionExpression' && fn.body.type !== 'BlockStatement' && matches(fn.body)) found = true;
  return found;
}

function readsField(n: Node, fields: ReadonlySet<string>): boolean {
  let found = false;
  walkAll(n, (m) => {
    if (m.type === 'MemberExpression' && m.object.type === 'ThisExpression' && fields.has(fieldKey(m.property))) found = true;
  });
  return found;
}
