// The module the zod 3 bridge (zod3-bridge.ts) writes beside an upgraded package's code. v2 lists a tool's schema
// through Standard Schema's `~standard.jsonSchema`, which zod 3 lacks (zod-floor.ts); v1 listed zod 3 schemas with
// zod-to-json-schema and validated arguments with zod 3's own parse. The module gives a zod 3 schema exactly that pair:
// `validate` is zod 3's own (`~standard.validate`, safeParse falling back to safeParseAsync as v1's parse did) and the
// JSON Schema is zod-to-json-schema's with the options the installed v1 used, so tools/list and tools/call keep what
// v1 did while the package's own zod code stays on the zod 3 it was written for.

/** The zod-to-json-schema options of the installed v1: 1.23 added `pipeStrategy` per direction. */
export function v1JsonSchemaOptions(v1: string | undefined): 'strict' | 'strict-pipe' | undefined {
  const m = /^(\d+)\.(\d+)\./.exec(v1 ?? '');
  if (!m || m[1] !== '1') return undefined;
  return Number(m[2]) >= 23 ? 'strict-pipe' : 'strict';
}

/** The module's name: `uproot-zod3-schema` with the extension the package's code uses. */
export const BRIDGE_MODULE = 'uproot-zod3-schema';

const HEADER = `// uproot: v2 lists tool schemas through Standard Schema's \`~standard.jsonSchema\`, which zod 3 does not have (zod >= 4.2
// does). This package's zod code is written for zod 3, so instead of moving it to zod 4, each schema handed to
// registerTool goes through zod3Schema(): its arguments are still parsed by zod 3 itself, and tools/list shows the
// JSON Schema zod-to-json-schema makes with the options the v1 SDK used, so clients see what v1 sent them.
// Once the package is on zod >= 4.2, drop zod3Schema() and this file.`;

function body(options: 'strict' | 'strict-pipe', typescript: boolean): string {
  const t = (s: string) => (typescript ? s : '');
  // v1 before 1.23 listed both directions alike; from 1.23 a pipe lists its input or output side.
  const toJson =
    options === 'strict-pipe'
      ? `const toJson = (io${t(": 'input' | 'output'")}) => zodToJsonSchema(zod3, { strictUnions: true, pipeStrategy: io })${t(' as Record<string, unknown>')};`
      : `const toJson = (_io${t(": 'input' | 'output'")}) => zodToJsonSchema(zod3, { strictUnions: true })${t(' as Record<string, unknown>')};`;
  return `
/** A zod 3 schema: zod 4 keeps its internals under \`_zod\`, zod 3 under \`_def\`. */
function isZod3(value${t(': unknown')})${t(': value is z.ZodTypeAny')} {
  return typeof value === 'object' && value !== null && '_def' in value && !('_zod' in value) && typeof (value${t(' as z.ZodTypeAny')}).safeParse === 'function';
}

/** A raw shape of zod 3 fields (\`{ name: z.string() }\`), which v1 wrapped in z.object() itself. */
function isZod3Shape(value${t(': unknown')})${t(': value is z.ZodRawShape')} {
  if (typeof value !== 'object' || value === null || isZod3(value) || '~standard' in value) return false;
  const fields = Object.values(value);
  return fields.length > 0 && fields.every(isZod3);
}

${t(`type Zod3Of<S> = S extends z.ZodTypeAny ? S : S extends z.ZodRawShape ? z.ZodObject<S> : never;
type Bridged<S> = [Zod3Of<S>] extends [never] ? S : StandardSchemaWithJSON<z.input<Zod3Of<S>>, z.output<Zod3Of<S>>>;

`)}/** A zod 3 schema (or raw shape) as v2 takes it; anything else (zod 4, another library) is handed on as it is. */
export function zod3Schema${t('<S>')}(schema${t(': S')})${t(': Bridged<S>')} {
  const zod3 = isZod3(schema) ? schema : isZod3Shape(schema) ? z.object(schema) : undefined;
  if (!zod3) return schema${t(' as Bridged<S>')};
  const standard = zod3['~standard'];
  ${toJson}
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value${t(': unknown')}) => standard.validate(value),
      jsonSchema: { input: () => toJson('input'), output: () => toJson('output') },
    },
  }${t(' as unknown as Bridged<S>')};
}
`;
}

/** The module's text: TypeScript (ESM), ESM JavaScript or CommonJS. */
export function bridgeModuleText(options: 'strict' | 'strict-pipe', style: 'ts' | 'esm' | 'cjs'): string {
  const imports =
    style === 'cjs'
      ? "const { z } = require('zod');\nconst { zodToJsonSchema } = require('zod-to-json-schema');\n"
      : `${style === 'ts' ? "import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';\n" : ''}import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\n`;
  let text = `${HEADER}\n${imports}${body(options, style === 'ts')}`;
  if (style === 'cjs') text = text.replace('export function zod3Schema', 'function zod3Schema') + '\nmodule.exports = { zod3Schema };\n';
  return text;
}
