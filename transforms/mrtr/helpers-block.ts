// The two functions a migrated file gains. They keep the original's behaviour for clients without
// roots (the same "Method not found" a push request got) and check the answer the way the SDK's
// ListRootsResultSchema checked a roots/list result (file:// URIs), because input responses are
// not validated by the SDK (mcp-roots-reference.md §3.4).
// A multi-file `uproot migrate` writes them once into a shared module instead (../shared-helpers/).
import { type ImportName, modernRequestTest } from '@uproot/core/planning';

export const HELPER_NAMES = { declares: 'clientDeclaresRoots', answer: 'rootsFromAnswer' } as const;
export const HELPER_BANNER = 'uproot: roots arrive through multi round-trip requests (MRTR) since protocol revision 2026-07-28';

export const helperImports: ImportName[] = [
  { name: 'CLIENT_CAPABILITIES_META_KEY' },
  { name: 'inputResponse' },
  { name: 'ProtocolError' },
  { name: 'ProtocolErrorCode' },
  { name: 'SdkError' },
  { name: 'SdkErrorCode' },
  { name: 'ListRootsResult', type: true },
  { name: 'ServerContext', type: true },
];

export function helpersBlock(typescript: boolean, eol: string, unit: string): string {
  const t = (ts: string) => (typescript ? ts : '');
  const lines = [
    `// ${HELPER_BANNER}.`,
    `/** Whether this request's client declared roots: per request on 2026-07-28, from initialize on 2025-era connections. */`,
    `function ${HELPER_NAMES.declares}(ctx${t(': ServerContext')}, server${t(': { getClientCapabilities(): { roots?: unknown } | undefined }')})${t(': boolean')} {`,
    `${unit}const envelope = ctx.mcpReq.envelope${t(' as Record<string, unknown> | undefined')};`,
    `${unit}if (envelope && CLIENT_CAPABILITIES_META_KEY in envelope) {`,
    `${unit}${unit}return Boolean((envelope[CLIENT_CAPABILITIES_META_KEY]${t(' as { roots?: unknown } | undefined')})?.roots);`,
    `${unit}}`,
    `${unit}return Boolean(server.getClientCapabilities()?.roots);`,
    `}`,
    ``,
    `/** The client's answer to the roots input request, checked like the SDK checked a roots/list result. */`,
    `async function ${HELPER_NAMES.answer}(ctx${t(': ServerContext')})${t(': Promise<ListRootsResult>')} {`,
    `${unit}const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');`,
    `${unit}// A client without roots answered a push request with "Method not found": keep that path.`,
    `${unit}if (answer.kind !== 'roots') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');`,
    `${unit}const invalid = answer.roots.filter(`,
    `${unit}${unit}(root${t(': { uri?: unknown; name?: unknown }')}) => typeof root?.uri !== 'string' || !root.uri.startsWith('file://') || (root.name !== undefined && typeof root.name !== 'string'),`,
    `${unit});`,
    `${unit}if (invalid.length > 0) {`,
    `${unit}${unit}throw new SdkError(SdkErrorCode.InvalidResult, \`Invalid result for roots/list: \${invalid.length} root(s) without a file:// URI\`);`,
    `${unit}}`,
    `${unit}return { roots: answer.roots };`,
    `}`,
  ];
  return lines.join(eol);
}

/**
 * The statement every migrated handler starts with. `eraSplit`: the roots it reads come from fills that ask a
 * 2025-era client themselves (request-options.ts), so only a 2026-07-28 request is asked here.
 */
export function entryCheck(ctx: string, server: string, eol: string, indent: string, unit: string, eraSplit = false): string {
  const modern = eraSplit ? `${modernRequestTest(ctx)} && ` : '';
  return [
    `// Ask for roots before anything else: the handler runs again from the top with the client's answer.`,
    ...(eraSplit ? [`// A 2025-era connection is not asked here: its bounded roots/list request is sent as before.`] : []),
    `if (${modern}inputResponse(${ctx}.mcpReq.inputResponses, 'roots').kind !== 'roots' && ${HELPER_NAMES.declares}(${ctx}, ${server})) {`,
    `${unit}return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });`,
    `}`,
  ]
    .map((l) => indent + l)
    .join(eol);
}
