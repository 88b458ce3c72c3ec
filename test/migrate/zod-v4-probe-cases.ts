// One probe case per accepted zod use of zod-v4-table.ts: a schema built with the use and inputs that pass and fail,
// parsed by zod 3.25.76 and by zod 4 (the floor 4.2.1 and the installed 4.x), so zod-v4-probe.test.ts can compare
// what each returns. `uses` names the table keys a case proves.
/* eslint-disable @typescript-eslint/no-explicit-any -- the same builder runs on three zod majors' namespaces */
type Z = any;

export interface ProbeCase {
  name: string;
  uses: string[];
  build: (z: Z) => any;
  inputs: unknown[];
  /** What else the code reads off the schema (compared as JSON). */
  read?: (schema: any) => unknown;
}

/** What TypeScript compiles `enum Color { Red = 'red', Blue = 'blue' }` and `enum Level { Low, High }` to. */
const Color = { Red: 'red', Blue: 'blue' } as const;
const Level = { Low: 0, High: 1, 0: 'Low', 1: 'High' } as const;

/** JSON values and undefined (a missing key): what tool arguments and structured content are on the wire. */
const SOME = [undefined, null, 0, 1, -1, 2.5, '', 'a', 'abc', 'abcdefghijk', true, false, [], ['a'], {}, { a: 1 }];

export const PROBE_CASES: ProbeCase[] = [
  { name: 'string', uses: ['z.string'], build: (z) => z.string(), inputs: SOME },
  { name: 'number', uses: ['z.number'], build: (z) => z.number(), inputs: [...SOME, Number.NaN, 1e308] },
  { name: 'boolean', uses: ['z.boolean'], build: (z) => z.boolean(), inputs: SOME },
  { name: 'null', uses: ['z.null'], build: (z) => z.null(), inputs: SOME },
  { name: 'literal', uses: ['z.literal'], build: (z) => z.union([z.literal('a'), z.literal(1), z.literal(true)]), inputs: SOME },
  { name: 'enum', uses: ['z.enum', 'ZodEnum.options'], build: (z) => z.enum(['a', 'abc']), inputs: SOME, read: (s) => s.options },
  { name: 'string native enum', uses: ['z.nativeEnum'], build: (z) => z.nativeEnum(Color), inputs: [...SOME, 'red', 'blue', 'Red'] },
  { name: 'numeric native enum', uses: ['z.nativeEnum'], build: (z) => z.nativeEnum(Level), inputs: [...SOME, 'Low', 'High'] },
  { name: 'array', uses: ['z.array', 'ZodArray.element'], build: (z) => z.array(z.string()), inputs: [...SOME, ['a', 1], ['a', 'b']], read: (s) => s.element.safeParse('x').success },
  { name: 'object strips unknown keys', uses: ['z.object', 'ZodObject.shape', 'ZodObject.strip'], build: (z) => z.object({ a: z.string(), b: z.number().optional() }).strip(), inputs: [...SOME, { a: 'x' }, { a: 'x', b: 1, c: 2 }, { a: 'x', b: undefined }, { a: 1 }], read: (s) => Object.keys(s.shape) },
  { name: 'strict object', uses: ['ZodObject.strict'], build: (z) => z.object({ a: z.string() }).strict(), inputs: [{ a: 'x' }, { a: 'x', c: 1 }, {}] },
  { name: 'passthrough object', uses: ['ZodObject.passthrough'], build: (z) => z.object({ a: z.string() }).passthrough(), inputs: [{ a: 'x' }, { a: 'x', c: 1 }, {}] },
  { name: 'union', uses: ['z.union', 'ZodType.or'], build: (z) => z.union([z.string(), z.number()]).or(z.boolean()), inputs: SOME },
  { name: 'discriminated union', uses: ['z.discriminatedUnion'], build: (z) => z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('image'), data: z.string() })]), inputs: [...SOME, { type: 'text', text: 'a' }, { type: 'image', data: 'd' }, { type: 'image', text: 'a' }, { type: 'x' }] },
  { name: 'record with keys and values', uses: ['z.record'], build: (z) => z.record(z.string(), z.number()), inputs: [...SOME, { a: 1, b: 2 }, { a: 'x' }] },
  { name: 'z.optional and z.nullable', uses: ['z.optional', 'z.nullable'], build: (z) => z.object({ a: z.optional(z.string()), b: z.nullable(z.number()) }), inputs: [{ b: null }, { a: 'x', b: 1 }, {}, { a: null, b: null }] },
  { name: 'optional, nullable, nullish', uses: ['ZodType.optional', 'ZodType.nullable', 'ZodType.nullish'], build: (z) => z.object({ a: z.string().optional(), b: z.string().nullable(), c: z.string().nullish() }), inputs: [{}, { b: null }, { a: undefined, b: 'x', c: null }, { a: null, b: null }] },
  { name: 'describe', uses: ['ZodType.describe', 'ZodType.description'], build: (z) => z.string().describe('a path'), inputs: SOME, read: (s) => s.description },
  { name: 'array method', uses: ['ZodType.array'], build: (z) => z.string().array(), inputs: [...SOME, ['a', 'b']] },
  { name: 'defaults of plain schemas', uses: ['ZodType.default'], build: (z) => z.object({ a: z.string().default('x'), b: z.number().default(3), c: z.boolean().default(false), d: z.array(z.string()).optional().default([]) }), inputs: [{}, { a: 'y', b: 1, c: true, d: ['q'] }, { a: undefined }, { a: 1 }, { d: null }] },
  { name: 'parse and safeParse', uses: ['ZodType.parse', 'ZodType.safeParse', 'SafeParseResult.success', 'SafeParseResult.data', 'SafeParseResult.error', 'z.ZodError'], build: (z) => z.object({ a: z.object({ b: z.array(z.number()) }) }), inputs: [{ a: { b: [1, 'x', 3] } }, { a: { b: [1] } }, { a: null }, {}] },
  { name: 'async parse', uses: ['ZodType.parseAsync', 'ZodType.safeParseAsync'], build: (z) => z.string().min(2), inputs: SOME },
  { name: 'string checks', uses: ['ZodString.min', 'ZodString.max', 'ZodString.length'], build: (z) => z.union([z.string().min(2).max(4), z.string().length(11, 'eleven')]), inputs: SOME },
  { name: 'string patterns', uses: ['ZodString.regex', 'ZodString.startsWith', 'ZodString.endsWith', 'ZodString.trim'], build: (z) => z.object({ r: z.string().regex(/^a+$/).optional(), s: z.string().startsWith('a').endsWith('c', { message: 'end' }).optional(), t: z.string().trim().optional() }), inputs: [{ r: 'aaa' }, { r: 'ab' }, { s: 'abc' }, { s: 'abd' }, { t: '  x ' }, {}] },
  { name: 'number checks', uses: ['ZodNumber.int', 'ZodNumber.min', 'ZodNumber.max', 'ZodNumber.gte', 'ZodNumber.lte'], build: (z) => z.object({ a: z.number().int().min(1).max(10).optional(), b: z.number().gte(0).lte(1).optional() }), inputs: [{ a: 1 }, { a: 0 }, { a: 11 }, { a: 2.5 }, { b: 0.5 }, { b: -1 }, { b: 2 }, {}] },
  { name: 'number signs', uses: ['ZodNumber.positive', 'ZodNumber.nonnegative'], build: (z) => z.tuple([z.number().positive(), z.number().nonnegative()]), inputs: [[1, 0], [0, 0], [1, -1], [-1, -1]] },
  { name: 'array checks', uses: ['ZodArray.min', 'ZodArray.max', 'ZodArray.length'], build: (z) => z.object({ a: z.array(z.string()).min(1).max(2).optional(), b: z.array(z.number()).length(2).optional() }), inputs: [{ a: [] }, { a: ['x'] }, { a: ['x', 'y', 'z'] }, { b: [1, 2] }, { b: [1] }, {}] },
  { name: 'object composition', uses: ['ZodObject.extend', 'ZodObject.merge', 'ZodObject.pick', 'ZodObject.omit', 'ZodObject.partial'], build: (z) => z.object({ a: z.string(), b: z.number() }).extend({ c: z.boolean() }).merge(z.object({ d: z.string() })).omit({ d: true }).pick({ a: true, c: true }).partial(), inputs: [{}, { a: 'x' }, { a: 1 }, { c: true, b: 2 }, { d: 1 }] },
];
