// What a test file does with roots, so a migration that removed roots behaviour can name the tests that
// drove it: a client answering roots/list, declaring roots or sending list_changed (the site finder's
// client side), and test doubles of the server's request (`listRoots` stubs, expected `roots/list`
// messages), which are not sites because they never reach the SDK.
import { ParseError } from './parse.ts';
import { scanText } from './scan-text.ts';

export type RootsTestUse =
  /** a client `setRequestHandler(ListRootsRequestSchema | 'roots/list')` */
  | 'answers-roots-list'
  /** client `capabilities: { roots }` or `registerCapabilities({ roots })` */
  | 'declares-roots'
  /** a client sending `notifications/roots/list_changed` */
  | 'sends-list-changed'
  /** `listRoots` stubbed, spied on or called on a double */
  | 'stubs-list-roots'
  /** a `roots/list` or `roots/list_changed` message spelled out (expectations, raw transports) */
  | 'names-roots-method'
  /** a server double whose `getClientCapabilities` answers `roots` (the check roots from configuration replaces) */
  | 'stubs-client-roots';

export interface RootsTestFinding {
  use: RootsTestUse;
  line: number;
}

const TEXT_USES: Array<[RegExp, RootsTestUse]> = [
  [/\blistRoots\b/, 'stubs-list-roots'],
  [/\bsendRootsListChanged\b/, 'sends-list-changed'],
  [/roots\/list_changed|RootsListChanged|(['"`])roots\/list\1|ListRootsRequest/, 'names-roots-method'],
];

/** Every roots use in a test file, one per line and use, in line order. */
export function findRootsTestUses(text: string, filePath: string): RootsTestFinding[] {
  if (!text.includes('oots')) return [];
  const out: RootsTestFinding[] = [];
  const seenLines = new Set<number>();
  let sites: ReturnType<typeof scanText>['sites'] = [];
  try {
    sites = scanText(text, filePath).sites;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
  }
  for (const site of sites) {
    if (site.side !== 'client') continue;
    const use: RootsTestUse = site.kind === 'list-changed' ? 'sends-list-changed' : site.form.startsWith('setRequestHandler') ? 'answers-roots-list' : 'declares-roots';
    out.push({ use, line: site.line });
    seenLines.add(site.line);
  }
  text.split('\n').forEach((line, i) => {
    // An import or a comment names the API without driving it.
    if (seenLines.has(i + 1) || !line.includes('oots') || /^\s*(?:import\b|export\s.*\bfrom\b|\/\/|\/?\*)/.test(line)) return;
    const match = TEXT_USES.find(([pattern]) => pattern.test(line));
    if (match) out.push({ use: match[1], line: i + 1 });
  });
  // A stub spans lines (`getClientCapabilities: vi.fn(() => ({ roots: {} }))`): look a little past the name.
  for (const m of text.matchAll(/getClientCapabilities\b[^;]{0,160}?\broots\s*:/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    if (!/^\s*(?:import\b|\/\/|\/?\*)/.test(text.split('\n')[line - 1]!)) out.push({ use: 'stubs-client-roots', line });
  }
  return out.sort((a, b) => a.line - b.line);
}
