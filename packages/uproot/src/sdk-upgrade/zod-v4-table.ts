// Which zod 3 uses zod 4 keeps, as data. Every accepted use has a probe case in
// test/migrate/zod-v4-probe-cases.ts that parses the same inputs with zod 3.25.76 and zod 4 and compares success,
// data and issue paths (test/migrate/zod-v4-probe.test.ts fails when an accepted use has none). What is not listed
// is refused; the known breaks say what zod 4 changes (zod's own v4 changelog, https://zod.dev/v4/changelog).
import type { ZodUse } from './zod-uses.ts';

/** Accepted uses: key → the argument counts allowed (undefined: a property read or a type without arguments). */
export const ZOD_V4_SAME: Record<string, number[] | undefined> = {
  // Factories, without the params object zod 4 reads differently (invalid_type_error, required_error, errorMap).
  'z.string': [0],
  'z.number': [0],
  'z.boolean': [0],
  'z.null': [0],
  'z.literal': [1],
  'z.enum': [1],
  'z.nativeEnum': [1],
  'z.array': [1],
  'z.object': [1],
  'z.union': [1],
  'z.discriminatedUnion': [2],
  'z.record': [2],
  'z.optional': [1],
  'z.nullable': [1],
  // `instanceof ZodError` on what parse() throws.
  'z.ZodError': undefined,
  // Schema members (zod 3 declares them on the class named).
  'ZodType.describe': [1],
  'ZodType.optional': [0],
  'ZodType.nullable': [0],
  'ZodType.nullish': [0],
  'ZodType.array': [0],
  'ZodType.or': [1],
  'ZodType.default': [1],
  'ZodType.parse': [1],
  'ZodType.safeParse': [1],
  'ZodType.parseAsync': [1],
  'ZodType.safeParseAsync': [1],
  'ZodType.description': undefined,
  'ZodString.min': [1, 2],
  'ZodString.max': [1, 2],
  'ZodString.length': [1, 2],
  'ZodString.regex': [1, 2],
  'ZodString.startsWith': [1, 2],
  'ZodString.endsWith': [1, 2],
  'ZodString.trim': [0],
  'ZodNumber.int': [0, 1],
  'ZodNumber.min': [1, 2],
  'ZodNumber.max': [1, 2],
  'ZodNumber.gte': [1, 2],
  'ZodNumber.lte': [1, 2],
  'ZodNumber.positive': [0, 1],
  'ZodNumber.nonnegative': [0, 1],
  'ZodArray.min': [1, 2],
  'ZodArray.max': [1, 2],
  'ZodArray.length': [1, 2],
  'ZodArray.element': undefined,
  'ZodObject.shape': undefined,
  'ZodObject.extend': [1],
  'ZodObject.merge': [1],
  'ZodObject.pick': [1],
  'ZodObject.omit': [1],
  'ZodObject.partial': [0],
  'ZodObject.strict': [0],
  'ZodObject.strip': [0],
  'ZodObject.passthrough': [0],
  'ZodEnum.options': undefined,
  // What parse results and errors carry.
  'SafeParseResult.success': undefined,
  'SafeParseResult.data': undefined,
  'SafeParseResult.error': undefined,
  // Types: one type argument means the same in both (ZodType<Output>, ZodObject<Shape>); more do not.
  'type z.infer': [1],
  'type z.input': [1],
  'type z.output': [1],
  'type z.TypeOf': [1],
  'type z.ZodTypeAny': [0],
  'type z.ZodRawShape': [0],
  'type z.ZodObject': [1],
  'type z.ZodType': [0, 1],
  'type z.ZodSchema': [0, 1],
  'type z.ZodError': [0, 1],
  'type z.ZodString': [0],
  'type z.ZodNumber': [0],
  'type z.ZodBoolean': [0],
  'type z.ZodArray': [1],
  'type z.ZodOptional': [1],
  'type z.ZodIssue': [0],
  // zod 3.25's own zod 4 entry points: zod 4 keeps them, and what they hold is zod 4 already.
  'import zod': undefined,
  'import zod/v4': undefined,
  'import zod/mini': undefined,
  'import zod/v4-mini': undefined,
  'import zod/v4/mini': undefined,
  'import zod/v4/core': undefined,
};

/** What zod 4 changes, for the uses zod's changelog names (the rest are refused as not proven). */
const BREAKS: Array<[RegExp, string]> = [
  [/^ZodError\.errors$/, 'removes ZodError.errors (zod 4 has only .issues)'],
  [/^ZodError\.(format|flatten|formErrors|addIssue|addIssues)$/, 'changes what ZodError.$1 returns'],
  [/^(ZodError|ZodIssue|ZodIssueBase|ZodCustomIssue|[A-Za-z]*Issue)\.message$/, 'rewrites zod\'s issue messages ("Expected string, received number" becomes "Invalid input: expected string, received number")'],
  [/^(ZodIssue|ZodIssueBase|[A-Za-z]*Issue)\.code$|^z\.ZodIssueCode$|^type z\.ZodIssueCode$/, 'renames issue codes (invalid_enum_value and invalid_literal become invalid_value, invalid_string invalid_format, invalid_union_discriminator invalid_union)'],
  [/^ZodString\.(email|url|uuid|cuid|cuid2|ulid|datetime|date|time|duration|ip|cidr|base64|emoji|nanoid)$/, 'changes which strings .$1() accepts (zod 4 has its own format checks)'],
  [/^z\.(any|unknown)$/, 'makes a z.$1() object property required in its later releases (zod 3 and 4.2 let it be missing, 4.6 does not)'],
  [/^z\.tuple$/, 'changes what z.tuple() reports for a value that is not one'],
  [/^ZodError\.issues$|^(ZodIssue|ZodIssueBase|[A-Za-z]*Issue)\.path$/, 'reports other issues (a value of the wrong type also fails each check of its schema, zod 3 reported the type alone)'],
  [/^ZodObject\.deepPartial$/, 'removes .deepPartial()'],
  [/^z\.function$/, 'makes z.function() a function factory, no longer a schema'],
  [/^z\.promise$/, 'deprecates z.promise() and parses promises differently'],
  [/^z\.(preprocess|effect)$|^ZodType\.(transform|refine|superRefine|pipe|catch|brand)$/, 'changes refinements and transforms (they live inside the schema; .superRefine\'s ctx.path is gone, a .refine no longer narrows, .default() no longer runs through a transform)'],
  [/^type z\.ZodEffects$|^z\.ZodEffects$/, 'removes ZodEffects (refinements and transforms live inside the schema)'],
  [/\._def$|\.def$|^type z\.ZodTypeDef$|^type z\.ZodFirstPartyTypeKind$|^z\.ZodFirstPartyTypeKind$/, 'changes schema internals (_def, ZodFirstPartyTypeKind)'],
  [/^z\.Zod[A-Z]\w*$/, 'changes zod\'s schema classes (an instanceof check on them or their constructors)'],
  [/^type z\.Zod(Object|Type|Schema)$/, 'changes the type parameters of ZodObject and ZodType beyond the first'],
  [/^type z\.ZodEnum$/, 'types an enum\'s values as a record, not a tuple'],
  [/^import zod\/v3$/, 'keeps zod/v3 on zod 3, whose schemas v2 cannot list'],
  [/^import (?!zod$)/, 'schemas are what this package is handed, and it reads zod 3\'s internals (zod-to-json-schema emits an empty JSON Schema for a zod 4 schema)'],
  [/^escape z$/, 'namespace goes to code uproot cannot follow (the z namespace is passed on as a value)'],
  [/^escape (.+)$/, 'schemas reach $1, which reads zod 3\'s internals itself'],
];

/** Chain methods before a .default() that keep its value valid either way (zod 3 parses a default, zod 4 does not). */
const PLAIN_BEFORE_DEFAULT = new Set(['optional', 'nullable', 'nullish', 'describe', 'string', 'number', 'boolean', 'array', 'z']);
const LITERAL_FOR_FACTORY: Record<string, ZodUse['literal']> = { string: 'string', number: 'number', boolean: 'boolean', array: 'array' };

/** Undefined when zod 4 keeps what the use does; otherwise what zod 4 changes, as a clause ("removes …"). */
export function zod4Change(use: ZodUse): string | undefined {
  if (use.v4) return undefined;
  const key = use.use.replace(/^SafeParse(Success|Error|ReturnType)\./, 'SafeParseResult.').replace(/^ZodIssue(Base|OptionalMessage)\./, 'ZodIssue.');
  const member = key.split('.').pop()!;
  const chain = use.chain ?? [];
  // zod 3's .optional() returns undefined before an inner .default() runs; zod 4 applies the default.
  if ((member === 'optional' || member === 'nullish' || member === 'partial') && (chain.includes('default') || /\bZodDefault</.test(use.receiver ?? ''))) return `applies a .default() inside .${member}() (zod 3 gives undefined for a missing value, zod 4 the default)`;
  if (key === 'ZodType.default') {
    const factory = chain[chain.length - 2];
    const plain = chain[chain.length - 1] === 'z' && chain.every((m) => PLAIN_BEFORE_DEFAULT.has(m));
    if (!plain || !factory || LITERAL_FOR_FACTORY[factory] !== use.literal) return 'returns a .default() value without parsing it (zod 3 parsed it through the schema, its checks and transforms); uproot proves it only for a literal default of a plain z.string(), z.number(), z.boolean() or an empty array';
  }
  if (key in ZOD_V4_SAME) {
    const allowed = ZOD_V4_SAME[key];
    if (!allowed || use.args === undefined || allowed.includes(use.args)) return undefined;
    if (/^z\.(string|number|boolean|any|unknown|null)$/.test(key)) return `reads ${key}()'s params differently (invalid_type_error, required_error and errorMap are gone)`;
    if (key === 'z.record') return 'needs z.record(keys, values): z.record with one argument throws';
    if (key.startsWith('type ')) return `changes ${key.slice(5)}'s type parameters beyond the first`;
  }
  for (const [pattern, text] of BREAKS) {
    const match = pattern.exec(key);
    if (match) return text.replace(/\$1/g, match[1] ?? '');
  }
  return `may change ${key}${use.args !== undefined && !key.startsWith('type ') ? `() with ${use.args} argument${use.args === 1 ? '' : 's'}` : ''} (not among the uses uproot has proven zod 4 keeps)`;
}
