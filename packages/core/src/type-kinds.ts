// A TypeScript type read as an MCP value: its symbol is one of the SDK's classes or handler contexts,
// declared inside an @modelcontextprotocol package (so a local `class Server` is not). Typed structurally,
// so typescript-eslint's TypeScript and ts-morph's bundled one both fit and the core imports neither.
import { type McpValue, type McpValueKind, typeKinds } from './surface.ts';

interface SymbolLike {
  getName(): string;
  getDeclarations(): readonly { getSourceFile(): { fileName: string } }[] | undefined;
}

export interface TypeLike {
  getSymbol(): SymbolLike | undefined;
  aliasSymbol?: SymbolLike;
  getConstructSignatures(): readonly unknown[];
}

const kindOfType: Record<string, McpValueKind> = { ...typeKinds, inputRequired: 'input-required', InputRequiredBuilder: 'input-required' };

/** A class value (something you `new`) rather than an instance of it. */
const classKind: Partial<Record<McpValueKind, McpValueKind>> = { server: 'server-class', 'mcp-server': 'mcp-server-class', client: 'client-class' };

const MCP_DECLARATION = /\/node_modules\/@modelcontextprotocol\/(sdk|server|client|core)\//;

export function mcpValueOfType(type: TypeLike): McpValue | undefined {
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (!symbol) return undefined;
  const instanceKind = kindOfType[symbol.getName()];
  if (!instanceKind) return undefined;
  const kind = type.getConstructSignatures().length > 0 ? (classKind[instanceKind] ?? instanceKind) : instanceKind;
  for (const decl of symbol.getDeclarations() ?? []) {
    const m = MCP_DECLARATION.exec(decl.getSourceFile().fileName.replace(/\\/g, '/'));
    if (m) return { kind, sdk: m[1] === 'sdk' ? 1 : 2 };
  }
  return undefined;
}
