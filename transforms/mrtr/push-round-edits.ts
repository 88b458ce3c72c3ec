// The code a push round becomes: one entry statement that asks, in one inputRequired({ inputRequests }), for every
// answer the handler still lacks (roots first, then each elicitation or sampling request in the handler's order),
// the answer readers each request is replaced by, and the helper functions they call. The readers keep the
// original's paths: a decline or cancel is the same ElicitResult, and a client without the capability fails where
// the original failed, with the same error.
import type { TSESTree } from '@typescript-eslint/types';
import { type FunctionNode, type ImportName, type Node, type TextEdit, indentAt, insert } from '@uproot/core/planning';
import { HELPER_NAMES } from './helpers-block.ts';
import type { CapabilityGate, CapabilityRead, PushRound, RoundRequest } from './push-round.ts';
import type { Unit } from './unit.ts';
import { CODEC_NAME } from './request-state.ts';
import { type FreshValue, carriedDeclaration, statePayload } from './fresh-values.ts';

/** The statement removed whole: its line, when nothing else is on it. */
export function removeStatement(node: TSESTree.Node, text: string): TextEdit {
  let start = node.range[0];
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  const atLineStart = start === 0 || text[start - 1] === '\n';
  const m = /^[ \t]*(\r\n|\n|\r)/.exec(text.slice(node.range[1]));
  return atLineStart && m ? { start, end: node.range[1] + m[0].length, text: '' } : { start: node.range[0], end: node.range[1], text: '' };
}

export const PUSH_HELPER_NAMES = { declares: 'clientDeclares', capabilities: 'clientCapabilities', elicitation: 'elicitationAnswer', sampling: 'samplingAnswer' } as const;
export const PUSH_HELPER_BANNER = 'uproot: elicitation and sampling answers arrive through multi round-trip requests (MRTR) since protocol revision 2026-07-28';

const KIND: Record<RoundRequest['ask'], { view: string; capability: string }> = {
  elicit: { view: 'elicit', capability: 'elicitation' },
  createMessage: { view: 'sampling', capability: 'sampling' },
};

/** Names the entry statement declares, none of them taken in the handler's body. */
function freshNames(fn: FunctionNode, text: string): { requests: string; answerable: string } {
  const body = text.slice(fn.range[0], fn.range[1]);
  const free = (name: string) => (new RegExp(`\\b${name}\\b`).test(body) ? `uproot${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  return { requests: free('inputRequests'), answerable: free('answerable') };
}

/**
 * The entry statement. A request is asked only while every request before it can be answered by this client: the
 * original failed at the first request its client could not answer, and never asked the ones after it.
 */
export function roundEntryEdits(fn: FunctionNode, u: Unit, ctx: string, server: string, round: PushRound, asksRoots: boolean, states: string[]): TextEdit[] {
  const { text, eol, indent: unit } = u;
  const body = fn.body;
  const first = body.type === 'BlockStatement' ? body.body[0] : undefined;
  const indent = first ? indentAt(text, first.range[0]) : indentAt(text, fn.range[0]) + unit;
  const names = freshNames(fn, text);
  const responses = `${ctx}.mcpReq.inputResponses`;
  const carried = round.state
    ? [
        `// Answers of earlier rounds come back in requestState, which the server verified before this runs.`,
        `${responses} = { ...${ctx}.mcpReq.requestState<Record<string, unknown>>(), ...${responses} };`,
      ]
    : [];
  if (round.state && !u.typescript) carried[1] = carried[1]!.replace('<Record<string, unknown>>', '');
  // Computed in the first round only, ahead of every ask, then read from the carried state.
  if (round.fresh.length) {
    carried.push(`// Computed once per call, as the original did: later rounds read the value the first round carried.`);
    for (const v of round.fresh) carried.push(carriedDeclaration(v, ctx, u.typescript));
  }
  const lines: string[] = [];
  let declared = false;
  const also = (gate: string) => {
    lines.push(declared ? `${names.answerable} = ${names.answerable} && ${gate};` : `let ${names.answerable} = ${gate};`);
    declared = true;
  };
  // In the handler's order: roots where the handler asked for them, each gate before the requests it stands before.
  // A request asked in place (inPlaceAsk) is asked where the handler makes it, and so is every request after it.
  type Ask = { at: number; own: string; key: string; view: string; request: string; group?: Node };
  const asks: Ask[] = round.requests
    .filter((r) => !r.inPlace)
    .map((r) => {
      const { view, capability } = KIND[r.ask];
      const mode = r.ask === 'elicit' ? `, 'form'` : '';
      const own = `${PUSH_HELPER_NAMES.declares}(${ctx}, ${server}, '${capability}'${mode})`;
      return { at: r.anchor.range[0], own, key: r.key, view, request: `inputRequired.${r.ask}(${r.params})`, ...(r.group ? { group: r.group } : {}) };
    });
  if (asksRoots) {
    const own = `${HELPER_NAMES.declares}(${ctx}, ${server})`;
    asks.push({ at: round.rootsAt ?? -1, own, key: 'roots', view: 'roots', request: 'inputRequired.listRoots()', ...(round.rootsGroup ? { group: round.rootsGroup } : {}) });
  }
  const lastAsk = Math.max(-1, ...asks.map((s) => s.at));
  const gates = round.gates.filter((g) => g.at < lastAsk);
  const steps = [...asks.map((a) => ({ at: a.at, ask: a })), ...gates.map((g) => ({ at: g.at, gate: g }))].sort((a, b) => a.at - b.at);
  for (const [i, step] of steps.entries()) {
    if ('gate' in step) {
      also(`!(${perRequestTest(step.gate, text, ctx)})`);
      continue;
    }
    const { ask } = step;
    if (!ask.group) also(ask.own);
    // Sent together (Promise.all): each is asked whatever the others' clients can answer; after them, all must be.
    const answerable = ask.group ? [...(declared ? [names.answerable] : []), ask.own] : [names.answerable];
    lines.push(`if (${answerable.join(' && ')} && inputResponse(${responses}, '${ask.key}').kind !== '${ask.view}') ${names.requests}.${ask.key} = ${ask.request};`);
    const after = steps[i + 1];
    if (ask.group && after && !('ask' in after && after.ask.group === ask.group)) {
      also(asks.filter((a) => a.group === ask.group).map((a) => a.own).join(' && '));
    }
  }
  const stateArg = round.fresh.length ? `, requestState: await ${CODEC_NAME}.mint(${statePayload(ctx, round.fresh)})` : '';
  // Every request asked in place: the entry only restores what earlier rounds carried.
  const entry = !steps.length
    ? []
    : [
        `// Ask for every answer the handler needs before anything else: it runs again from the top with the client's answers.`,
        `// A request this client cannot answer failed the original where it stood, so nothing after it is asked.`,
        `const ${names.requests}${u.typescript ? ': Record<string, InputRequest>' : ''} = {};`,
        ...lines,
        `if (Object.keys(${names.requests}).length > 0) return inputRequired({ ${names.requests === 'inputRequests' ? 'inputRequests' : `inputRequests: ${names.requests}`}${stateArg} });`,
      ];
  const all = [...carried, ...entry, ...states];
  if (!all.length) return [];
  if (body.type === 'BlockStatement') return [insert(body.range[0] + 1, `${eol}${all.map((l) => `${indent}${l}`).join(eol)}`)];
  // A concise body becomes a block that asks, then returns the expression (on the same line as `return`: ASI).
  const arrow = text.lastIndexOf('=>', body.range[0]) + 2;
  const expressionStart = arrow + /^\s*/.exec(text.slice(arrow))![0].length;
  const outer = indentAt(text, fn.range[0]);
  return [
    { start: arrow, end: expressionStart, text: ` {${eol}${all.map((l) => `${indent}${l}`).join(eol)}${eol}${indent}return ` },
    insert(fn.range[1], `;${eol}${outer}}`),
  ];
}

/**
 * Before a request asked in place: its own round, carrying every answer so far in signed requestState. A client
 * without the capability is not asked, and the answer reader after it fails as the original failed. Requests sent
 * together (Promise.all) share the round: each is asked whatever the others' clients can answer, and their answer
 * readers, awaited together after it, fail as the original's requests did.
 */
export function inPlaceAsk(requests: RoundRequest[], fn: FunctionNode, u: Unit, ctx: string, server: string, fresh: FreshValue[]): TextEdit[] {
  const r = requests[0]!;
  const statement = r.holder;
  // A branch of an `if` without braces (`if (sampling) return text(await askModel(…));`) gets braces around the ask
  // and the statement, so the ask stays under the condition.
  const branch = statement.parent?.type === 'IfStatement';
  const outer = branch ? indentAt(u.text, statement.parent!.range[0]) : '';
  const indent = branch ? outer + u.indent : indentAt(u.text, statement.range[0]);
  const responses = `${ctx}.mcpReq.inputResponses`;
  const carries = requests.some((q) => q.carries);
  const state = carries ? `, requestState: await ${CODEC_NAME}.mint(${statePayload(ctx, fresh)})` : '';
  const declares = (q: RoundRequest) => `${PUSH_HELPER_NAMES.declares}(${ctx}, ${server}, '${KIND[q.ask].capability}'${q.ask === 'elicit' ? `, 'form'` : ''})`;
  const unanswered = (q: RoundRequest) => `inputResponse(${responses}, '${q.key}').kind !== '${KIND[q.ask].view}'`;
  const why = carries
    ? `// Asked where the handler makes ${requests.length > 1 ? 'them' : 'it'}, in a round of its own: the answers so far travel along in signed requestState.`
    : `// Asked where the handler makes ${requests.length > 1 ? 'them' : 'it'}, in a round of its own (no earlier answer is read after ${requests.length > 1 ? 'them' : 'it'}: nothing to carry).`;
  let lines: string[];
  if (requests.length === 1) {
    lines = [why, `if (${declares(r)} && ${unanswered(r)}) {`, `${u.indent}return inputRequired({ inputRequests: { ${r.key}: inputRequired.${r.ask}(${r.params}) }${state} });`, `}`];
  } else {
    // In a block of its own: the handler's entry may declare the same name.
    const map = freshNames(fn, u.text).requests;
    lines = [
      why,
      `// Sent together (Promise.all): each is asked whatever the others' clients can answer.`,
      `{`,
      `${u.indent}const ${map}${u.typescript ? ': Record<string, InputRequest>' : ''} = {};`,
      ...requests.map((q) => `${u.indent}if (${declares(q)} && ${unanswered(q)}) ${map}.${q.key} = inputRequired.${q.ask}(${q.params});`),
      `${u.indent}if (Object.keys(${map}).length > 0) return inputRequired({ ${map === 'inputRequests' ? map : `inputRequests: ${map}`}${state} });`,
      `}`,
    ];
  }
  const ask = `${lines.join(`${u.eol}${indent}`)}${u.eol}${indent}`;
  if (!branch) return [insert(statement.range[0], ask)];
  return [insert(statement.range[0], `{${u.eol}${indent}${ask}`), insert(statement.range[1], `${u.eol}${outer}}`)];
}

/** A capability read, asked of this request's client. */
export function perRequestRead(read: CapabilityRead, ctx: string): string {
  return `${PUSH_HELPER_NAMES.declares}(${ctx}, ${read.receiver}, '${read.capability}')`;
}

/** The gate's test with every capability read asked of this request's client. */
function perRequestTest(gate: CapabilityGate, text: string, ctx: string): string {
  let out = '';
  let at = gate.test.range[0];
  for (const read of [...gate.reads].sort((a, b) => a.node.range[0] - b.node.range[0])) {
    out += text.slice(at, read.node.range[0]) + perRequestRead(read, ctx);
    at = read.node.range[1];
  }
  return out + text.slice(at, gate.test.range[1]);
}

/** What the request expression becomes: a promise of the same answer, read from this round's input responses. */
export function answerCall(r: RoundRequest, ctx: string): string {
  if (r.ask === 'elicit') return `${PUSH_HELPER_NAMES.elicitation}(${ctx}, '${r.key}'${r.missing === 'method-not-found' ? `, 'request'` : ''})`;
  return `${PUSH_HELPER_NAMES.sampling}(${ctx}, '${r.key}')`;
}

/** A `getClientCapabilities()` call, asked of this request's client. */
export function perRequestCapabilities(call: TSESTree.CallExpression, text: string, ctx: string): string {
  const callee = call.callee as TSESTree.MemberExpression;
  return `${PUSH_HELPER_NAMES.capabilities}(${ctx}, ${text.slice(callee.object.range[0], callee.object.range[1])})`;
}

/** Which answer readers a file needs, and whether it reads a request's whole capabilities. */
export type PushHelperUse = ReadonlySet<'elicitation' | 'sampling' | 'capabilities'>;

export function pushHelperImports(used: PushHelperUse): ImportName[] {
  const names: ImportName[] = [{ name: 'CLIENT_CAPABILITIES_META_KEY' }, { name: 'inputResponse' }, { name: 'ProtocolError' }, { name: 'ProtocolErrorCode' }];
  if (used.has('elicitation')) names.push({ name: 'SdkError' }, { name: 'SdkErrorCode' }, { name: 'ElicitResult', type: true });
  if (used.has('sampling')) names.push({ name: 'CreateMessageResult', type: true });
  if (used.has('capabilities')) names.push({ name: 'ClientCapabilities', type: true });
  names.push({ name: 'ServerContext', type: true });
  return names;
}

export function hasPushHelpers(text: string): boolean {
  return new RegExp(`function ${PUSH_HELPER_NAMES.declares}\\b`).test(text);
}

export function pushHelpersBlock(used: PushHelperUse, typescript: boolean, eol: string, unit: string): string {
  const t = (ts: string) => (typescript ? ts : '');
  const lines = [
    `// ${PUSH_HELPER_BANNER}.`,
    `/** Whether this request's client declared \`capability\` (and the elicitation \`mode\`): per request on 2026-07-28, from initialize on 2025-era connections. */`,
    `function ${PUSH_HELPER_NAMES.declares}(ctx${t(': ServerContext')}, server${t(': { getClientCapabilities(): object | undefined }')}, capability${t(": 'elicitation' | 'sampling'")}, mode${t("?: 'form'")})${t(': boolean')} {`,
    `${unit}const envelope = ctx.mcpReq.envelope${t(' as Record<string, unknown> | undefined')};`,
    `${unit}const declared = (envelope && CLIENT_CAPABILITIES_META_KEY in envelope ? envelope[CLIENT_CAPABILITIES_META_KEY] : server.getClientCapabilities())${t(' as Record<string, object | undefined> | undefined')};`,
    `${unit}const entry = declared?.[capability];`,
    `${unit}if (!entry) return false;`,
    `${unit}// A bare \`elicitation: {}\` declares form mode (the rule from before modes existed).`,
    `${unit}return mode === undefined || mode in entry || Object.keys(entry).length === 0;`,
    `}`,
  ];
  const elicitation = [
    ``,
    `/** The client's answer to the elicitation asked under \`key\`, as the push request resolved it (accept, decline or cancel). */`,
    `async function ${PUSH_HELPER_NAMES.elicitation}(ctx${t(': ServerContext')}, key${t(': string')}, sentAs${t(": 'elicitInput' | 'request'")} = 'elicitInput')${t(': Promise<ElicitResult>')} {`,
    `${unit}const answer = inputResponse(ctx.mcpReq.inputResponses, key);`,
    `${unit}if (answer.kind !== 'elicit') {`,
    `${unit}${unit}// Not asked: this client declared no form elicitation. Fail as the push request failed for it.`,
    `${unit}${unit}if (sentAs === 'request') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');`,
    `${unit}${unit}throw new SdkError(SdkErrorCode.CapabilityNotSupported, 'Client does not support form elicitation.');`,
    `${unit}}`,
    `${unit}return answer.content === undefined ? { action: answer.action } : { action: answer.action, content: answer.content${t(" as ElicitResult['content']")} };`,
    `}`,
  ];
  const sampling = [
    ``,
    `/** The client's answer to the sampling request asked under \`key\`. */`,
    `async function ${PUSH_HELPER_NAMES.sampling}(ctx${t(': ServerContext')}, key${t(': string')})${t(': Promise<CreateMessageResult>')} {`,
    `${unit}const answer = inputResponse(ctx.mcpReq.inputResponses, key);`,
    `${unit}// Not asked: this client declared no sampling, and answered the push request with "Method not found".`,
    `${unit}if (answer.kind !== 'sampling') throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');`,
    `${unit}return answer.result${t(' as CreateMessageResult')};`,
    `}`,
  ];
  const capabilities = used.has('capabilities') ? ['', capabilitiesHelper(typescript, eol, unit)] : [];
  const blocks = [...lines, ...capabilities, ...(used.has('elicitation') ? elicitation : []), ...(used.has('sampling') ? sampling : [])];
  return blocks.join(eol);
}

/** Whether the file already has the reader of a request's whole capabilities (an earlier run wrote it). */
export function hasCapabilitiesHelper(text: string): boolean {
  return new RegExp(`function ${PUSH_HELPER_NAMES.capabilities}\\b`).test(text);
}

/** The reader of a request's whole capabilities, for a condition or a variable the handler keeps. */
export function capabilitiesHelper(typescript: boolean, eol: string, unit: string): string {
  const t = (ts: string) => (typescript ? ts : '');
  return [
    `/** What this request's client declared: with the request on 2026-07-28, from initialize on 2025-era connections. */`,
    `function ${PUSH_HELPER_NAMES.capabilities}(ctx${t(': ServerContext')}, server${t(': { getClientCapabilities(): ClientCapabilities | undefined }')})${t(': ClientCapabilities | undefined')} {`,
    `${unit}const envelope = ctx.mcpReq.envelope${t(' as Record<string, unknown> | undefined')};`,
    `${unit}return envelope && CLIENT_CAPABILITIES_META_KEY in envelope ? (envelope[CLIENT_CAPABILITIES_META_KEY]${t(' as ClientCapabilities | undefined')}) : server.getClientCapabilities();`,
    `}`,
  ].join(eol);
}
