// The generated functions retired roots state needs: the configured directories (a sandbox, read
// once from the environment and resolved with realpath), and the workspace of one call (the
// directory argument, else the configured variable, both checked like any model-chosen directory).
import { type Bindings, NODE_MODULES } from '../bindings.ts';

export interface StateHelperNames {
  configured?: { fn: string; cache: string; type: string };
  capability?: { fn: string; warned: string };
  workspace?: { fn: string; directory: string; type: string };
}

export function stateHelpersBlock(b: Bindings, names: StateHelperNames, typescript: boolean, eol: string, u: string): string {
  const t = (ts: string) => (typescript ? ts : '');
  const lines: string[] = [];
  if (names.configured) {
    const { fn, cache, type } = names.configured;
    const delimiter = b.use(NODE_MODULES.path, 'delimiter');
    const resolve = b.use(NODE_MODULES.path, 'resolve');
    const basename = b.use(NODE_MODULES.path, 'basename');
    const realpathSync = b.use(NODE_MODULES.fsSync, 'realpathSync');
    const pathToFileURL = b.use(NODE_MODULES.url, 'pathToFileURL');
    const fileURLToPath = b.use(NODE_MODULES.url, 'fileURLToPath');
    lines.push(
      `// uproot: these directories came from the client's roots (deprecated by SEP-2577); they come from the server's configuration now.`,
      ...(typescript ? [`type ${type} = { roots: Array<{ uri: string; name?: string }> };`] : []),
      `const ${cache} = new Map${t(`<string, ${type}>`)}();`,
      `/**`,
      ` * The roots an environment variable configures, read once, as the roots result they replace: directories separated by`,
      ` * the platform's path delimiter (each named after its folder), or the client's own roots as JSON (\`[{ "uri", "name" }]\``,
      ` * or a whole roots/list result), which keeps the names the client gave them.`,
      ` */`,
      `function ${fn}(variable${t(': string')})${t(`: ${type}`)} {`,
      `${u}let configured = ${cache}.get(variable);`,
      `${u}if (!configured) {`,
      `${u}${u}const value = (process.env[variable] ?? '').trim();`,
      `${u}${u}let listed${t(': Array<{ uri?: unknown; name?: unknown }>')} = [];`,
      `${u}${u}if (value.startsWith('[') || value.startsWith('{')) {`,
      `${u}${u}${u}try {`,
      `${u}${u}${u}${u}const parsed = JSON.parse(value);`,
      `${u}${u}${u}${u}listed = Array.isArray(parsed) ? parsed : Array.isArray(parsed?.roots) ? parsed.roots : [];`,
      `${u}${u}${u}} catch {`,
      `${u}${u}${u}${u}console.error(\`\${variable} is not valid JSON: give the client's roots as [{ "uri": "file:///...", "name": "..." }], or directories separated by "\${${delimiter}}".\`);`,
      `${u}${u}${u}}`,
      `${u}${u}} else {`,
      `${u}${u}${u}listed = value.split(${delimiter}).filter((dir) => dir.trim() !== '').map((dir) => ({ uri: ${pathToFileURL}(${resolve}(dir)).href }));`,
      `${u}${u}}`,
      `${u}${u}configured = {`,
      `${u}${u}${u}roots: listed.filter((root) => typeof root?.uri === 'string').map((root) => {`,
      `${u}${u}${u}${u}let uri = root.uri${t(' as string')};`,
      `${u}${u}${u}${u}let name = typeof root.name === 'string' ? root.name : undefined;`,
      `${u}${u}${u}${u}try {`,
      `${u}${u}${u}${u}${u}let dir = ${fileURLToPath}(uri);`,
      `${u}${u}${u}${u}${u}try {`,
      `${u}${u}${u}${u}${u}${u}dir = ${realpathSync}(dir);`,
      `${u}${u}${u}${u}${u}} catch {`,
      `${u}${u}${u}${u}${u}${u}// A directory that does not exist yet is kept as given: it can only narrow the sandbox.`,
      `${u}${u}${u}${u}${u}}`,
      `${u}${u}${u}${u}${u}uri = ${pathToFileURL}(dir).href;`,
      `${u}${u}${u}${u}${u}if (name === undefined) name = ${basename}(dir);`,
      `${u}${u}${u}${u}} catch {`,
      `${u}${u}${u}${u}${u}// Not a local file: URI: kept as the client listed it.`,
      `${u}${u}${u}${u}}`,
      `${u}${u}${u}${u}return name === undefined ? { uri } : { uri, name };`,
      `${u}${u}${u}}),`,
      `${u}${u}};`,
      `${u}${u}${cache}.set(variable, configured);`,
      `${u}}`,
      `${u}return configured;`,
      `}`,
    );
  }
  if (names.capability) {
    const { fn, warned } = names.capability;
    const delimiter = b.use(NODE_MODULES.path, 'delimiter');
    if (lines.length) lines.push('');
    lines.push(
      `// uproot: "did the client declare roots" became "are roots configured" (roots are deprecated by SEP-2577).`,
      `const ${warned} = new Set${t('<string>')}();`,
      `/** The roots capability a client used to declare, now \`{}\` when the variable lists a directory; unset, undefined (said once on stderr: stdout may be the protocol). */`,
      `function ${fn}(variable${t(': string')})${t(': { listChanged?: boolean } | undefined')} {`,
      `${u}const value = (process.env[variable] ?? '').trim();`,
      `${u}if (value.startsWith('[') || value.startsWith('{') || value.split(${delimiter}).some((dir) => dir.trim() !== '')) return {};`,
      `${u}if (!${warned}.has(variable)) {`,
      `${u}${u}${warned}.add(variable);`,
      `${u}${u}console.error(\`\${variable} is not set: this server runs as for a client without roots. Set it to the directories the client's roots used to list, separated by "\${${delimiter}}", or to those roots as JSON.\`);`,
      `${u}}`,
      `${u}return undefined;`,
      `}`,
    );
  }
  if (names.workspace) {
    const { fn, directory, type } = names.workspace;
    if (lines.length) lines.push('');
    lines.push(
      `/** The workspace of one call: the directory argument, else the configured variable, as the roots result they replace; undefined when neither is set. */`,
      `async function ${fn}(value${t(': unknown')}, argument${t(': string')}, variable${t('?: string')})${t(`: Promise<${type} | string | undefined>`)} {`,
      `${u}if (value !== undefined) return ${directory}(value, argument);`,
      `${u}const configured = variable === undefined ? undefined : process.env[variable];`,
      `${u}return configured ? ${directory}(configured, variable${t('!')}) : undefined;`,
      `}`,
    );
  }
  return lines.join(eol);
}
