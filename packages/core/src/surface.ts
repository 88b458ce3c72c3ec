// The MCP roots surface as data: which modules are MCP, what their exports are, and which
// methods and literals are roots sites. Code elsewhere interprets this table; adding a new
// spelling should mean adding a row here, not a branch in the finder.

export type SdkMajor = 1 | 2;
export type Side = 'server' | 'client';

/** What a value is, as far as the roots surface cares. */
export type McpValueKind =
  | 'server-class' // low-level Server (v1 or v2)
  | 'mcp-server-class' // McpServer
  | 'client-class'
  | 'server' // an instance of the low-level Server (also `mcp.server`, `this` in a subclass)
  | 'mcp-server' // an instance of McpServer
  | 'client'
  | 'handler-extra' // v1 RequestHandlerExtra / v2 ServerContext passed to handlers
  | 'mcp-req' // v2 ctx.mcpReq
  | 'request-fn' // extra.sendRequest / ctx.mcpReq.send taken off its object (`const { sendRequest } = extra`)
  | 'input-required' // v2 inputRequired builder
  | 'schema' // a zod schema constant exported by the SDK (see schemaMethods)
  | 'module'; // a namespace object for a whole MCP module

export interface McpValue {
  kind: McpValueKind;
  sdk: SdkMajor;
  /** For `schema`: the export name, e.g. `ListRootsRequestSchema`. For `module`: the specifier. */
  name?: string;
}

export interface McpModule {
  sdk: SdkMajor;
}

/** Recognise MCP module specifiers (ESM import, CommonJS require, dynamic import). */
export function mcpModule(specifier: string): McpModule | undefined {
  if (specifier === '@modelcontextprotocol/sdk' || specifier.startsWith('@modelcontextprotocol/sdk/')) return { sdk: 1 };
  // `core-internal`: the v2 SDK's private core package, which its server and client packages re-export (the SDK's own
  // tests import the builders from it).
  if (/^@modelcontextprotocol\/(server|client|core|core-internal)(\/|$)/.test(specifier)) return { sdk: 2 };
  return undefined;
}

/** Exported names that matter, by name. The specifier decides the SDK major. */
export const exportKinds: Record<string, McpValueKind> = {
  Server: 'server-class',
  McpServer: 'mcp-server-class',
  Client: 'client-class',
  inputRequired: 'input-required',
  ListRootsRequestSchema: 'schema',
  ListRootsResultSchema: 'schema',
  RootsListChangedNotificationSchema: 'schema',
  CallToolRequestSchema: 'schema',
  GetPromptRequestSchema: 'schema',
  ReadResourceRequestSchema: 'schema',
  ListToolsRequestSchema: 'schema',
  ListPromptsRequestSchema: 'schema',
  ListResourcesRequestSchema: 'schema',
  ListResourceTemplatesRequestSchema: 'schema',
  CompleteRequestSchema: 'schema',
  InitializedNotificationSchema: 'schema',
  InitializeRequestSchema: 'schema',
  ElicitRequestSchema: 'schema',
  ElicitResultSchema: 'schema',
  CreateMessageRequestSchema: 'schema',
  CreateMessageResultSchema: 'schema',
};

/** The JSON-RPC method each SDK schema constant stands for. */
export const schemaMethods: Record<string, string> = {
  ListRootsRequestSchema: 'roots/list',
  ListRootsResultSchema: 'roots/list#result',
  RootsListChangedNotificationSchema: 'notifications/roots/list_changed',
  CallToolRequestSchema: 'tools/call',
  GetPromptRequestSchema: 'prompts/get',
  ReadResourceRequestSchema: 'resources/read',
  ListToolsRequestSchema: 'tools/list',
  ListPromptsRequestSchema: 'prompts/list',
  ListResourcesRequestSchema: 'resources/list',
  ListResourceTemplatesRequestSchema: 'resources/templates/list',
  CompleteRequestSchema: 'completion/complete',
  InitializedNotificationSchema: 'notifications/initialized',
  InitializeRequestSchema: 'initialize',
  ElicitRequestSchema: 'elicitation/create',
  ElicitResultSchema: 'elicitation/create#result',
  CreateMessageRequestSchema: 'sampling/createMessage',
  CreateMessageResultSchema: 'sampling/createMessage#result',
};

/** What `new` of an MCP class gives, and what `this` is in a subclass. */
export const instanceKinds: Partial<Record<McpValueKind, McpValueKind>> = {
  'server-class': 'server',
  'mcp-server-class': 'mcp-server',
  'client-class': 'client',
};

/** Type names whose annotation marks a parameter as an MCP value (import provenance still required). */
export const typeKinds: Record<string, McpValueKind> = {
  Server: 'server',
  McpServer: 'mcp-server',
  Client: 'client',
  RequestHandlerExtra: 'handler-extra',
  ServerContext: 'handler-extra',
};

export const ROOTS_LIST = 'roots/list';
export const ROOTS_LIST_CHANGED = 'notifications/roots/list_changed';
/** The handshake request whose params carry the client's capabilities (before 2026-07-28). */
export const INITIALIZE = 'initialize';

/** What a server asks its client for, by server-to-client request method (every one of them is gone on 2026-07-28). */
export type PushRequestKind = 'request' | 'elicitation-request' | 'sampling-request';

export interface ServerRequest {
  /** The site kind a push-style request of this method is. */
  kind: PushRequestKind;
  /** The result schema constant that proves a `request(…, Schema)` call is this request without its receiver. */
  resultSchema: string;
  /** The request schema constant whose `.shape.method.value` spells the method. */
  requestSchema: string;
}

/** The server-to-client requests, by JSON-RPC method. */
export const serverRequests: Record<string, ServerRequest> = {
  [ROOTS_LIST]: { kind: 'request', resultSchema: 'ListRootsResultSchema', requestSchema: 'ListRootsRequestSchema' },
  'elicitation/create': { kind: 'elicitation-request', resultSchema: 'ElicitResultSchema', requestSchema: 'ElicitRequestSchema' },
  'sampling/createMessage': { kind: 'sampling-request', resultSchema: 'CreateMessageResultSchema', requestSchema: 'CreateMessageRequestSchema' },
};

/**
 * The convenience methods that send a server-to-client request, and the receivers that have them: the
 * low-level Server (v1 and v2; `mcp.server` of an McpServer) and v2's `ctx.mcpReq`. `listRoots` is matched on
 * its own (it shares its name with the `inputRequired.listRoots()` builder).
 */
export const pushRequestMethods: Record<string, { method: string; receivers: ReadonlyArray<McpValueKind> }> = {
  elicitInput: { method: 'elicitation/create', receivers: ['server', 'mcp-req'] },
  createMessage: { method: 'sampling/createMessage', receivers: ['server'] },
  requestSampling: { method: 'sampling/createMessage', receivers: ['mcp-req'] },
};

/** Client-side MRTR (2026-07-28): the server's embedded requests arrive in `inputRequests`, and the
 *  client sends its answers back, keyed the same way, in the retry's `inputResponses`. */
export const clientMrtr = {
  requests: 'inputRequests',
  responses: 'inputResponses',
  /** The field a `ListRootsResult` answer carries (`{ roots: [...] }`). */
  rootsAnswerField: 'roots',
  /** Array methods whose first callback receives each element of `Object.entries / values(inputRequests)`. */
  elementCallbacks: new Set(['map', 'forEach', 'filter', 'find', 'some', 'every', 'flatMap']),
  /** `ListRootsRequestSchema.safeParse(request)`: a schema test that picks out roots/list input requests. */
  schemaTests: new Set(['parse', 'safeParse']),
  requestSchema: 'ListRootsRequestSchema',
  /** A ctx test double's `mcpReq.inputResponses` is the server's view, not a client's answer. */
  serverContextField: 'mcpReq',
} as const;

/** Methods whose handlers may answer `input_required` (protocol revision 2026-07-28). */
export const inputRequiredCapableMethods = ['tools/call', 'prompts/get', 'resources/read'] as const;

/** McpServer registration methods: which handler kind their callback is. */
export const registrations: Record<string, 'tool' | 'prompt' | 'resource'> = {
  registerTool: 'tool',
  tool: 'tool',
  registerPrompt: 'prompt',
  prompt: 'prompt',
  registerResource: 'resource',
  resource: 'resource',
};

/** Request methods whose handlers are list handlers (they cannot answer `input_required`). */
export const listMethods = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'completion/complete',
  'server/discover',
]);

/** Server properties that run outside any request. */
export const lifecycleHooks = new Set(['oninitialized', 'onclose', 'onerror']);

/** Callbacks that run detached from the request that scheduled them. */
export const backgroundCallees = new Set(['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask']);

/** The revision facts every message cites. */
export const facts = {
  breakingRevision: '2026-07-28',
  deprecatedBy: 'SEP-2577',
  earliestRemoval: 'the first revision on or after 2027-07-28',
} as const;
