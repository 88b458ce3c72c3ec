// The text of a shared helpers module: the same blocks the planners write inline, exported, with
// their imports, in the language and module system of the files that import it. Recognising our own
// module again (to reuse or extend it) is regenerating it and comparing: anything else is the user's.
import { type ImportStyle, eolOf, importLine, indentUnit, valuesThenTypes } from '@uproot/core/planning';
import { helperImports, helpersBlock as mrtrBlock } from '../mrtr/helpers-block.ts';
import type { Bindings } from '../param/bindings.ts';
import { helpersBlock as directoryBlock } from '../param/helpers-block.ts';
import { stateHelpersBlock } from '../param/state/helpers-block.ts';
import { HELPER_KINDS, type HelperKind, MRTR_EXPORTS, PARAM_EXPORTS } from './names.ts';

export interface ModuleStyle {
  typescript: boolean;
  /** CommonJS `require` / `module.exports` (JavaScript only; TypeScript files always use `import`). */
  cjs: boolean;
  eol: string;
  unit: string;
}

/** The module is uproot's own file: its imports are written one way, whatever the files around it do. */
const GENERATED_STYLE: ImportStyle = { quote: "'", semi: ';' };
const HEADER = 'uproot: helpers `uproot migrate` generated once for the files that import them (roots are deprecated by SEP-2577)';
const KINDS_LINE = /^\/\/ uproot-helpers: ([a-z, ]+)$/m;

export function sharedModuleText(kinds: Iterable<HelperKind>, style: ModuleStyle): string {
  const wanted = new Set(kinds);
  if (wanted.has('workspace')) wanted.add('directory'); // the workspace checks its directory with it
  const ordered = HELPER_KINDS.filter((k) => wanted.has(k));
  const { typescript, eol, unit } = style;
  const imports = new Map<string, Array<{ name: string; type: boolean }>>();
  const want = (module: string, name: string, type = false) => {
    const list = imports.get(module) ?? [];
    if (!list.some((n) => n.name === name)) list.push({ name, type });
    imports.set(module, list);
  };
  // The param blocks ask their bindings for node built-ins; here every one is a plain new import.
  const bindings = { use: (modules: readonly string[], name: string) => (want(modules[0]!, name), name) } as unknown as Bindings;
  const blocks: string[] = [];
  const exported: string[] = [];
  if (ordered.includes('mrtr')) {
    for (const n of helperImports) want('@modelcontextprotocol/server', n.name, !!n.type);
    blocks.push(mrtrBlock(typescript, eol, unit));
    exported.push(...MRTR_EXPORTS);
  }
  const { directory, configured, capability, workspace } = PARAM_EXPORTS;
  if (ordered.includes('directory')) {
    blocks.push(directoryBlock(bindings, { fn: directory.fn, type: directory.type }, typescript, eol, unit));
    exported.push(directory.fn);
  }
  const state = {
    ...(ordered.includes('configured') ? { configured: { fn: configured.fn, cache: configured.cache, type: configured.type } } : {}),
    ...(ordered.includes('capability') ? { capability: { fn: capability.fn, warned: capability.warned } } : {}),
    ...(ordered.includes('workspace') ? { workspace: { fn: workspace.fn, directory: directory.fn, type: directory.type } } : {}),
  };
  if (state.configured || state.capability || state.workspace) {
    blocks.push(stateHelpersBlock(bindings, state, typescript, eol, unit));
    if (state.configured) exported.push(configured.fn);
    if (state.capability) exported.push(capability.fn);
    if (state.workspace) exported.push(workspace.fn);
  }
  const lines = [`// ${HEADER}.`, `// uproot-helpers: ${ordered.join(', ')}`];
  for (const [module, names] of imports) {
    const used = names.filter((n) => typescript || !n.type);
    lines.push(importLine(GENERATED_STYLE, module, valuesThenTypes(used), style.cjs));
  }
  let body = blocks.join(`${eol}${eol}`);
  if (!style.cjs) {
    const names = [...exported, ...(typescript ? [directory.type, configured.type] : [])];
    body = body.replace(new RegExp(`^((?:async )?function|type) (${names.join('|')})\\b`, 'gm'), 'export $1 $2');
  }
  const tail = style.cjs ? [``, `module.exports = { ${exported.join(', ')} };`] : [];
  return [...lines, ``, body, ...tail, ``].join(eol);
}

/** The kinds an existing file holds when it is exactly a module uproot generated, else undefined (the user's file). */
export function recogniseSharedModule(text: string, style: Omit<ModuleStyle, 'eol' | 'unit'>): HelperKind[] | undefined {
  const listed = KINDS_LINE.exec(text)?.[1];
  if (!listed) return undefined;
  const kinds = listed.split(',').map((k) => k.trim()) as HelperKind[];
  if (kinds.some((k) => !HELPER_KINDS.includes(k))) return undefined;
  return sharedModuleText(kinds, { ...style, eol: eolOf(text), unit: indentUnit(text) }) === text ? kinds : undefined;
}
