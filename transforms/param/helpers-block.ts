// The one function a migrated file gains: it turns the directory parameter into the roots result it
// replaces, after the checks a model-chosen path needs (the user no longer picks it): a local
// absolute path or file: URI, resolved with realpath (so `..` and symlinks cannot escape), inside
// the server's configured allow-list when it has one, and an existing directory.
// A multi-file `uproot migrate` writes it once into a shared module instead (../shared-helpers/).
import { Bindings, NODE_MODULES } from './bindings.ts';

export const HELPER_BANNER = 'uproot: the directory is a tool parameter now (roots are deprecated by SEP-2577); the model picks it, not the user, so it is checked here';

export interface HelperNames {
  fn: string;
  type: string;
}

export function helpersBlock(b: Bindings, names: HelperNames, typescript: boolean, eol: string, unit: string): string {
  const t = (ts: string) => (typescript ? ts : '');
  const isAbsolute = b.use(NODE_MODULES.path, 'isAbsolute');
  const relative = b.use(NODE_MODULES.path, 'relative');
  const resolve = b.use(NODE_MODULES.path, 'resolve');
  const basename = b.use(NODE_MODULES.path, 'basename');
  const sep = b.use(NODE_MODULES.path, 'sep');
  const realpath = b.use(NODE_MODULES.fs, 'realpath');
  const stat = b.use(NODE_MODULES.fs, 'stat');
  const fileURLToPath = b.use(NODE_MODULES.url, 'fileURLToPath');
  const pathToFileURL = b.use(NODE_MODULES.url, 'pathToFileURL');
  const u = unit;
  const lines = [
    `// ${HELPER_BANNER}.`,
    ...(typescript ? [`type ${names.type} = { roots: Array<{ uri: string; name?: string }> };`, ``] : []),
    `/** The roots result a directory argument stands for, or the reason the argument is not acceptable. */`,
    `async function ${names.fn}(value${t(': unknown')}, argument${t(': string')}, allowedDirs${t('?: readonly string[]')})${t(`: Promise<${names.type} | string>`)} {`,
    `${u}if (typeof value !== 'string' || value === '') return \`Pass "\${argument}": the absolute path (or file:// URI) of a directory.\`;`,
    `${u}let raw = value;`,
    `${u}if (value.startsWith('file:')) {`,
    `${u}${u}try {`,
    `${u}${u}${u}raw = ${fileURLToPath}(value);`,
    `${u}${u}} catch {`,
    `${u}${u}${u}return \`"\${argument}" must be a local file:// URI or an absolute path, not \${value}.\`;`,
    `${u}${u}}`,
    `${u}}`,
    `${u}if (!${isAbsolute}(raw)) return \`"\${argument}" must be an absolute path, not \${value}.\`;`,
    `${u}const inside = async (candidate${t(': string')}) => {`,
    `${u}${u}if (!allowedDirs) return true;`,
    `${u}${u}for (const dir of allowedDirs) {`,
    `${u}${u}${u}const base = await ${realpath}(${resolve}(dir)).catch(() => ${resolve}(dir));`,
    `${u}${u}${u}const rel = ${relative}(base, candidate);`,
    `${u}${u}${u}if (rel === '' || (rel !== '..' && !rel.startsWith(\`..\${${sep}}\`) && !${isAbsolute}(rel))) return true;`,
    `${u}${u}}`,
    `${u}${u}return false;`,
    `${u}};`,
    `${u}const outside = (p${t(': string')}) => \`\${p} is outside the allowed directories (\${(allowedDirs ?? []).join(', ')}).\`;`,
    `${u}let resolved${t(': string')};`,
    `${u}try {`,
    `${u}${u}resolved = await ${realpath}(raw);`,
    `${u}} catch {`,
    `${u}${u}return (await inside(${resolve}(raw))) ? \`\${raw} does not exist.\` : outside(raw);`,
    `${u}}`,
    `${u}if (!(await inside(resolved))) return outside(resolved);`,
    `${u}if (!(await ${stat}(resolved)).isDirectory()) return \`\${resolved} is not a directory.\`;`,
    `${u}return { roots: [{ uri: ${pathToFileURL}(resolved).href, name: ${basename}(resolved) }] };`,
    `}`,
  ];
  return lines.join(eol);
}
