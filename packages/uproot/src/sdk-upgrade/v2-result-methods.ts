// Data only: the v2 server request methods whose handler result has a strict type, the type's name as
// @modelcontextprotocol/server exports it, the result keys a handler fills from a declared value, and the
// property names under them that v2 types as string literals (what an unannotated declaration widens).
export interface V2Result {
  type: string;
  keys: string[];
  literals: string[];
}

export const V2_RESULTS: Record<string, V2Result> = {
  'tools/list': { type: 'ListToolsResult', keys: ['tools'], literals: ['type', 'taskSupport', 'theme'] },
  'tools/call': { type: 'CallToolResult', keys: ['content'], literals: ['type', 'audience', 'theme'] },
  'prompts/list': { type: 'ListPromptsResult', keys: ['prompts'], literals: ['theme'] },
  'prompts/get': { type: 'GetPromptResult', keys: ['messages'], literals: ['role', 'type', 'audience'] },
  'resources/list': { type: 'ListResourcesResult', keys: ['resources'], literals: ['audience', 'theme'] },
  'resources/templates/list': { type: 'ListResourceTemplatesResult', keys: ['resourceTemplates'], literals: ['audience', 'theme'] },
  'resources/read': { type: 'ReadResourceResult', keys: ['contents'], literals: [] },
  'completion/complete': { type: 'CompleteResult', keys: ['completion'], literals: [] },
};
