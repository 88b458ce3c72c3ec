// What each MRTR problem says, in the words ESLint and `uproot scan` both print. Every message cites the
// protocol rule it enforces, so a reader can check it against the 2026-07-28 specification.
import type { MrtrMessageId, MrtrRule } from './types.ts';

const REV = 'MCP 2026-07-28';

/** Message templates; `{{name}}` placeholders are filled from the problem's data (ESLint's syntax). */
export const mrtrMessages: Record<MrtrMessageId, string> = {
  notInputRequiredCapable: `{{handler}} returns an input_required result (${REV}: only tools/call, prompts/get and resources/read may return input_required); {{consequence}} Ask for the input in the tools/call, prompts/get or resources/read handler that needs it.`,
  emptyInputRequired: `This input_required result has neither inputRequests nor requestState{{detail}} (${REV}: an InputRequiredResult MUST contain at least one of inputRequests or requestState). {{consequence}}`,
  unprotectedRequestState: `requestState is minted without integrity protection ({{encoding}}) and the handler acts on it after decoding it on the retry (line {{line}}) (${REV}: the server MUST treat requestState as attacker-controlled). Mint and verify it with createRequestStateCodec from @modelcontextprotocol/server.`,
  clientDecodesRequestState: `The client {{action}} the requestState the server returned (${REV}: requestState is opaque to the client, and the retry MUST echo it exactly). Pass {{subject}}.requestState back unchanged.`,
  clientInventsRequestState: `This retry sends {{value}} as requestState instead of the one the server returned (${REV}: the retry MUST echo requestState exactly and must not carry a state that was never issued). Send {{subject}}.requestState unchanged.`,
  retryReusesId: `This retry reuses the JSON-RPC id of the request that got input_required ({{how}}) (${REV}: the retry MUST use a different JSON-RPC id). Give the retry a new id.`,
  retryChangesMethod: `This retry sends {{retry}} after {{original}} answered input_required (${REV}: the client retries the original request, adding only inputResponses and requestState). Send {{original}} again.`,
  retryChangesParams: `This retry changes {{what}} of the request that got input_required (${REV}: the client retries the original request, adding only inputResponses and requestState). Send the original {{field}} again.`,
  retryAnswersUnrequestedKey: `inputResponses answers under {{key}}, which is not a key of the inputRequests this client received{{detail}} (${REV}: inputResponses are keyed by the server's inputRequests keys; the server ignores other keys and asks again). Answer each inputRequests key under that same key.`,
  ungatedInputRequest: `This input_required result from a hand-rolled server asks for {{kinds}} without checking the request's client capabilities first (${REV}: the server MUST NOT send an input request the client did not declare in this request's io.modelcontextprotocol/clientCapabilities; answer -32021 MissingRequiredClientCapability instead).`,
  answerUnderUnaskedKey: `This handler reads the answer under {{key}}, but its input_required results ask under {{asked}} (${REV}: each inputResponses entry answers the inputRequests entry of the same key, so nothing ever arrives under {{key}} and the handler asks again forever). Read the answer under the key it was asked with.`,
  answerUsedUnchecked: `The answer under {{key}} is used ({{use}}) before checking that this request carries it (${REV}: the first call has no inputResponses, a client may answer only some keys, and the server SHOULD ask again for what is missing). Check it first (inputResponse(...).kind, or undefined) and return inputRequired(...) when it is missing.`,
  elicitActionIgnored: `The elicitation answer under {{key}} is read for its content without looking at its action (${REV}: an ElicitResult's action is accept, decline or cancel, and only accept carries content). Handle decline and cancel, then read the content of an accepted answer.`,
  rootsListChanged: `roots.listChanged is declared in 2026-07-28 client capabilities{{where}} (${REV}: ClientCapabilities.roots is {}; listChanged and notifications/roots/list_changed are gone). Declare roots: {}.`,
};

export const suggestionMessages = {
  useRequestStateCodec: 'Mint the state with {{codec}}.mint(...) and verify it with {{codec}}.verify(..., {{ctx}}) (createRequestStateCodec).',
} as const;

/** Which rule owns each message. */
export const ruleOfMessage: Record<MrtrMessageId, MrtrRule> = {
  notInputRequiredCapable: 'mrtr-allowed-methods',
  emptyInputRequired: 'mrtr-nonempty',
  unprotectedRequestState: 'mrtr-request-state',
  clientDecodesRequestState: 'mrtr-request-state',
  clientInventsRequestState: 'mrtr-request-state',
  retryReusesId: 'mrtr-retry',
  retryChangesMethod: 'mrtr-retry',
  retryChangesParams: 'mrtr-retry',
  retryAnswersUnrequestedKey: 'mrtr-retry',
  ungatedInputRequest: 'mrtr-client-capabilities',
  rootsListChanged: 'mrtr-client-capabilities',
  answerUnderUnaskedKey: 'mrtr-input-responses',
  answerUsedUnchecked: 'mrtr-input-responses',
  elicitActionIgnored: 'mrtr-input-responses',
};

export const mrtrRules: readonly MrtrRule[] = ['mrtr-allowed-methods', 'mrtr-nonempty', 'mrtr-request-state', 'mrtr-retry', 'mrtr-client-capabilities', 'mrtr-input-responses'];

/** The message ids of one rule, for its ESLint `meta.messages`. */
export function messagesOfRule(rule: MrtrRule): Partial<Record<MrtrMessageId, string>> {
  const out: Partial<Record<MrtrMessageId, string>> = {};
  for (const [id, owner] of Object.entries(ruleOfMessage) as [MrtrMessageId, MrtrRule][]) if (owner === rule) out[id] = mrtrMessages[id];
  return out;
}

export function fillMessage(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in data ? data[name]! : whole));
}

/** One line per rule: the ESLint rule description, the SARIF rule description. */
export const mrtrRuleDescriptions: Record<MrtrRule, string> = {
  'mrtr-allowed-methods': 'Disallow input_required results from handlers other than tools/call, prompts/get and resources/read',
  'mrtr-nonempty': 'Require input_required results to carry inputRequests or requestState',
  'mrtr-request-state': 'Require requestState to be integrity-protected by servers and echoed unchanged by clients',
  'mrtr-retry': 'Require hand-written MRTR retries to resend the original request on a new id, answering the requested keys',
  'mrtr-client-capabilities': "Require hand-built input requests to check the request's client capabilities, and disallow roots.listChanged in 2026-07-28 capabilities",
  'mrtr-input-responses': 'Require hand-written MRTR handlers to read each answer under the key they asked with, check it is there before using it, and handle an elicitation\'s action',
};
