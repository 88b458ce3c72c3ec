// The pre-filter sweeps read the same trees: every source file (nothing over 1 MB; declarations only when
// asked) under a folder, node_modules left out, and the installed MCP packages that hold the shapes they check.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const MAX_BYTES = 1024 * 1024;

export function sourceFiles(dir: string, options: { declarations?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') out.push(...sourceFiles(abs, options));
    else if (e.isFile() && SOURCE.test(e.name) && (options.declarations || !DECLARATION.test(e.name)) && statSync(abs).size <= MAX_BYTES) out.push(abs);
  }
  return out;
}

/** Published MCP code installed here: servers, clients and SDKs that declare and test capabilities. */
export const MCP_PACKAGES = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/client', '@modelcontextprotocol/server', '@modelcontextprotocol/core', 'fastmcp', 'mcp-proxy', 'tmcp', 'mcp-handler'];
