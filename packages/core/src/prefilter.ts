// A text check that keeps files which cannot hold a roots site away from the parser. It must never
// drop a file the finder would report on (the detection corpus and the crash-freedom sweep check it).

/** Every site names roots in one of these ways: listRoots, roots/list, RootsListChanged, ListRoots*,
 *  or a `roots` member/property (`caps?.roots`, `roots: {...}`, `{ roots }`, `'roots' in caps`). */
const ROOTS_SPELLING = /listRoots|roots\/list|RootsListChanged|ListRoots|(?:\.|['"])roots\b|\broots\s*[:,}]|\{\s*roots\b/;

/** A roots request by name or method (ROOTS_SPELLING's first alternatives): listRoots, roots/list, ListRoots*. */
const ROOTS_REQUEST = /listRoots|roots\/list|ListRoots/;
const MCP_PACKAGE = /@modelcontextprotocol\//;

/**
 * Whether a file names both a roots request and an MCP package: such a file most likely makes a request. A hint,
 * not a pre-filter (scan starts keeping the bytes its refine pass reads again from the first such file); what the
 * finder reports is decided by the finder.
 */
export function likelyRootsRequest(text: string): boolean {
  return ROOTS_REQUEST.test(text) && MCP_PACKAGE.test(text);
}

/** The other server-to-client requests: elicitation and sampling, by method, name or request schema. */
const PUSH_SPELLING = /elicitInput|requestSampling|createMessage|CreateMessageRe|ElicitRe|elicitation\/create|sampling\/createMessage/;

/** A listRoots (or elicitInput / createMessage) call needs no import of its own: its receiver may be the MCP
 *  server a file importing this one passes in (`export async function folders(mcp) { return
 *  mcp.server.listRoots() }`, called with the server). Such a file is parsed, and its importers searched, like
 *  a file that imports MCP. The same holds for a helper handed a handler's ctx / extra (`export async function
 *  askName(ctx) { return ctx.mcpReq.send({ method: 'elicitation/create', … }) }`): its push request is a
 *  `requestSampling` call or a request method's literal, with no MCP import in the file. */
export const SERVER_REQUEST_CALL = /\.(?:listRoots|elicitInput|createMessage|requestSampling)\s*\(|['"`](?:roots\/list|elicitation\/create|sampling\/createMessage)['"`]/;

/** And a site needs provenance: an MCP import, an import of a project module to follow (relative, an alias
 *  the project configures, `#x`, a workspace package: scan's McpReach decides which lead to MCP), a
 *  hand-built MRTR result, or a listRoots call (see above). */
const PROVENANCE = new RegExp(`@modelcontextprotocol\\/|\\bfrom\\s*['"][^'"\\s]|\\b(?:require|import)\\s*\\(\\s*['"][^'"\\s]|input_required|inputRequests|${SERVER_REQUEST_CALL.source}`);

export function mayContainRootsSites(text: string): boolean {
  // Every roots spelling contains "oots": a plain substring search rules most files out before any regex runs.
  return ((text.includes('oots') && ROOTS_SPELLING.test(text)) || PUSH_SPELLING.test(text)) && PROVENANCE.test(text);
}

/** The two halves apart, for callers that see a file in chunks (a huge file streamed through). */
export const prefilterParts = {
  spelling: (text: string): boolean => ROOTS_SPELLING.test(text) || PUSH_SPELLING.test(text),
  provenance: (text: string): boolean => PROVENANCE.test(text),
};

/** Where the text names roots in one of the pre-filter's spellings: the candidates `scan --explain` accounts for. */
export function rootsMentions(text: string): number[] {
  if (!text.includes('oots')) return [];
  // At the name itself: `{\n  roots` belongs to the line that says roots.
  return [...text.matchAll(new RegExp(ROOTS_SPELLING.source, 'g'))].map((m) => m.index + m[0].search(/[A-Za-z]/));
}
