// The literal names a file gives the MCP servers it builds (`new McpServer({ name: 'notes' … })`). A run that
// builds exactly one names the variables its other files generate after it, instead of a generic `MCP_…`.
const BUILT = /new\s+(?:McpServer|Server)\s*\(\s*\{[^{}]*?\bname\s*:\s*(['"`])([^'"`\n]+)\1/g;

export function literalServerNames(text: string): string[] {
  if (!text.includes('Server')) return [];
  return [...text.matchAll(BUILT)].map((m) => m[2]!);
}
