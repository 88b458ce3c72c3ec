// Where a function kept as a member is named: a property of an object literal held in a const
// (`const tools = { async archive(args, ctx) { … } }`, registered as `tools.archive`) or a method of a class
// instantiated into a const in the same file (`const t = new Tools()`, called as `t.run(args, ctx)`).
// Handlers written this way get their ctx / extra from the registration like an inline callback does, so
// provenance and reach must see `tools.archive` as a reference to the function.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type Node, type VariableLike, castOuter, propertyName, thisClass, unwrap } from './ast.ts';
import { walkAll } from './walk.ts';

type VariableOf = (id: TSESTree.Identifier) => VariableLike | undefined;

/**
 * The expressions that stand for `fn` where it is used: `tools.archive`, `tools['archive']`, `t.run`, and
 * `tools.archive.bind(tools)` (the bind call, which is what a registration receives).
 */
export function memberReferences(fn: FunctionNode, variableOf: VariableOf): TSESTree.Expression[] {
  const owner = memberOwner(fn);
  if (!owner) return [];
  const out: TSESTree.Expression[] = [];
  for (const holder of owner.holders(variableOf)) {
    for (const ref of variableOf(holder)?.references ?? []) {
      if (ref.isWrite()) continue;
      const member = castOuter(ref.identifier as Node).parent;
      if (member?.type !== 'MemberExpression' || unwrap(member.object) !== ref.identifier || propertyName(member) !== owner.name) continue;
      out.push(boundCall(member) ?? member);
    }
  }
  // `this.archive.bind(this)` / `this.archive` handed on inside its own class (its calls are callsOf's).
  const method = fn.parent;
  const cls = method?.type === 'MethodDefinition' ? method.parent?.parent : undefined;
  if (cls && (cls.type === 'ClassDeclaration' || cls.type === 'ClassExpression')) {
    walkAll(cls, (n) => {
      if (n.type !== 'MemberExpression' || n.object.type !== 'ThisExpression' || propertyName(n) !== owner.name || thisClass(n.object) !== cls) return;
      const used = boundCall(n) ?? n;
      const p = castOuter(used).parent;
      if (!(p?.type === 'CallExpression' && p.callee === castOuter(used))) out.push(used);
    });
  }
  return out;
}

interface MemberOwner {
  name: string;
  /** The const identifiers whose members reach `fn`. */
  holders(variableOf: VariableOf): TSESTree.Identifier[];
}

function memberOwner(fn: FunctionNode): MemberOwner | undefined {
  const member = fn.parent;
  // `{ archive: async (args, ctx) => … }` and `{ async archive(args, ctx) { … } }`.
  if (member?.type === 'Property' && member.value === fn && member.kind === 'init') {
    const name = propertyName(member);
    const holder = member.parent?.type === 'ObjectExpression' ? constHolder(member.parent) : undefined;
    return name !== undefined && holder ? { name, holders: () => [holder] } : undefined;
  }
  // `class Tools { async run(args, ctx) { … } }` with `const t = new Tools()` in the file.
  if (member?.type === 'MethodDefinition' && member.kind === 'method' && !member.static && member.value === fn) {
    const name = propertyName(member);
    const cls = member.parent?.parent;
    if (name === undefined || (cls?.type !== 'ClassDeclaration' && cls?.type !== 'ClassExpression') || !cls.id) return undefined;
    const classId = cls.id;
    return { name, holders: (variableOf) => instanceHolders(classId, variableOf) };
  }
  return undefined;
}

/** The identifier of `const name = { … }` (through `as const` / `satisfies`), which nothing reassigns. */
function constHolder(object: Node): TSESTree.Identifier | undefined {
  const declarator = castOuter(object).parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return undefined;
  const declaration = declarator.parent;
  return declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' ? declarator.id : undefined;
}

/** The consts that hold `new Cls(...)`. */
function instanceHolders(classId: TSESTree.Identifier, variableOf: VariableOf): TSESTree.Identifier[] {
  const out: TSESTree.Identifier[] = [];
  // The class's name as the code around it sees it: a class declaration also binds its name in its own scope,
  // which sees only the references inside the class.
  const outside = { type: 'Identifier', name: classId.name, parent: classId.parent?.parent } as unknown as TSESTree.Identifier;
  for (const ref of variableOf(outside)?.references ?? []) {
    const created = ref.identifier.parent;
    if (created?.type !== 'NewExpression' || created.callee !== ref.identifier) continue;
    const holder = constHolder(created);
    if (holder) out.push(holder);
  }
  return out;
}

/** `tools.archive.bind(tools)`: the call a registration receives in place of the member. */
function boundCall(member: TSESTree.MemberExpression): TSESTree.CallExpression | undefined {
  const bind = member.parent;
  if (bind?.type !== 'MemberExpression' || bind.object !== member || propertyName(bind) !== 'bind') return undefined;
  const call = bind.parent;
  return call?.type === 'CallExpression' && call.callee === bind ? call : undefined;
}
