// The literal names a file gives the MCP servers it builds (`new McpServer({ name: 'notes' … })`). A run that
// builds exactly one names the variables its other files generate after it, instead of a generic `MCP_…`.
// The server info may sit inside one helper call that decorates it (`new McpServer(withDefaultIcons({ name }))`).
const BUILT = /new\s+(?:McpServer|Server)\s*\(\s*(?:[\w$.]+\s*\(\s*)?\{[^{}]*?\bname\s*:\s*(['"`])([^'"`\n]+)\1/g;

export function literalServerNames(text: string): string[] {
  if (!text.includes('Server')) return [];
  return [...text.matchAll(BUILT)].map((m) => m[2]!);
}

/**
 * The one name a run's servers go by: the only one, or the name every other one extends at a separator
 * (`filesystem-mcp` beside a `filesystem-mcp-capability-probe` it builds to test the SDK). Otherwise none: a
 * variable named after one of several servers would be named after the wrong one for the others.
 */
export function runServerName(names: ReadonlySet<string>): string | undefined {
  const list = [...names];
  if (list.length <= 1) return list[0];
  const base = list.reduce((a, b) => (b.length < a.length ? b : a));
  return list.every((n) => n === base || (n.startsWith(base) && /^[-_.: /]/.test(n.slice(base.length)))) ? base : undefined;
}
