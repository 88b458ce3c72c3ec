import { mrtrInputResponses } from '../../rules/mrtr-input-responses.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

const unasked = (key: string, asked: string) => ({ key: `'${key}'`, asked });

javascriptTester.run('mrtr-input-responses (JavaScript)', mrtrInputResponses, {
  valid: [
    // The SDK's view: ask unless an elicitation came back under the same key, then handle every action.
    code`
      import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
      export async function greet(_args, ctx) {
        const userName = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
        if (userName.kind !== 'elicit') return inputRequired({ inputRequests: { user_name: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) } });
        if (userName.action !== 'accept') return { content: [{ type: 'text', text: 'No name.' }] };
        return { content: [{ type: 'text', text: 'Hello, ' + userName.content.name }] };
      }
    `,
    // The SDK docs' shape: acceptedContent() is undefined unless the answer was accepted, so no action check is needed.
    code`
      import { acceptedContent, inputRequired } from '@modelcontextprotocol/server';
      export async function deploy({ env }, ctx) {
        const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
        if (confirmed?.confirm !== true) {
          return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: 'Deploy to ' + env + '?', requestedSchema: { type: 'object', properties: {} } }) } });
        }
        return { content: [{ type: 'text', text: 'deployed' }] };
      }
    `,
    // A hand-rolled server: raw entries, checked with ?. and a switch on the action; keys asked in conditional spreads.
    code`
      export function callTool(params) {
        const answers = params.inputResponses ?? {};
        const confirm = answers.confirm;
        const roots = answers.roots;
        if (!confirm || !roots) {
          return {
            resultType: 'input_required',
            inputRequests: {
              ...(!confirm ? { confirm: { method: 'elicitation/create', params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } } } } : {}),
              ...(!roots ? { roots: { method: 'roots/list' } } : {}),
            },
          };
        }
        switch (confirm.action) {
          case 'accept':
            return { content: [{ type: 'text', text: String(confirm.content?.ok) + roots.roots.length }] };
          default:
            return { content: [{ type: 'text', text: 'not confirmed' }] };
        }
      }
    `,
    // An earlier test of the same key guards the reads after it.
    code`
      import { inputRequired } from '@modelcontextprotocol/server';
      export async function list(_args, ctx) {
        if (ctx.mcpReq.inputResponses?.roots === undefined) return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
        return { content: ctx.mcpReq.inputResponses.roots.roots.map((r) => ({ type: 'text', text: r.uri })) };
      }
    `,
    // Keys the rule cannot read (a computed key from a parameter) leave the key check out: no guess.
    code`
      import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
      export async function ask(key, ctx) {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
        if (answer.kind === 'missing') return inputRequired({ inputRequests: { [key]: inputRequired.listRoots() } });
        return { content: [] };
      }
    `,
    // A map filled in after it is made, and a pause that carries only a requestState: the keys are not all
    // visible where the result is built, so reads under other keys are not reported.
    code`
      import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
      export async function build(_args, ctx) {
        const requests = {};
        if (inputResponse(ctx.mcpReq.inputResponses, 'roots').kind !== 'roots') requests.roots = inputRequired.listRoots();
        if (Object.keys(requests).length > 0) return inputRequired({ inputRequests: requests });
        return { content: [] };
      }
      export async function resume(_args, ctx) {
        const confirm = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
        if (confirm.kind === 'missing') return inputRequired({ requestState: 'paused' });
        return { content: [] };
      }
    `,
    // A function that reads answers but asks nothing is a helper: what its caller asks is not known here.
    code`
      import { inputResponse } from '@modelcontextprotocol/server';
      export const nameOf = (ctx) => inputResponse(ctx.mcpReq.inputResponses, 'whatever').content;
    `,
  ],
  invalid: [
    {
      // Asked under user_name, read under the variable's camelCase name: the answer never arrives, the tool asks forever.
      code: code`
        import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
        export async function greet(_args, ctx) {
          const userName = inputResponse(ctx.mcpReq.inputResponses, 'userName');
          if (userName.kind !== 'elicit') return inputRequired({ inputRequests: { user_name: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) } });
          return { content: [{ type: 'text', text: userName.action }] };
        }
      `,
      errors: [{ messageId: 'answerUnderUnaskedKey', line: 3, column: 61, endLine: 3, endColumn: 71, data: unasked('userName', "'user_name'") }],
    },
    {
      // A hand-built result and a raw read under another key.
      code: code`
        export function callTool(params) {
          const folders = params.inputResponses?.folders;
          if (!folders) return { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list' } } };
          return { content: folders.roots.map((r) => ({ type: 'text', text: r.uri })) };
        }
      `,
      errors: [{ messageId: 'answerUnderUnaskedKey', line: 2, column: 42, endLine: 2, endColumn: 49, data: unasked('folders', "'roots'") }],
    },
    {
      // The key in a constant, the request under a literal that differs.
      code: code`
        import { acceptedContent, inputRequired } from '@modelcontextprotocol/server';
        const CONFIRM = 'confirmation';
        export async function deploy(_args, ctx) {
          const ok = acceptedContent(ctx.mcpReq.inputResponses, CONFIRM);
          if (!ok) return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }) } });
          return { content: [] };
        }
      `,
      errors: [{ messageId: 'answerUnderUnaskedKey', line: 4, column: 57, endLine: 4, endColumn: 64, data: unasked('confirmation', "'confirm'") }],
    },
    {
      // The view is used for its roots without looking at its kind: on the first call there are none.
      code: code`
        import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
        export async function list(_args, ctx) {
          const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
          const uris = answer.roots.map((r) => r.uri);
          if (uris.length === 0) return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
          return { content: [{ type: 'text', text: uris.join() }] };
        }
      `,
      errors: [{ messageId: 'answerUsedUnchecked', line: 4, column: 16, endLine: 4, endColumn: 28, data: { key: "'roots'", use: '.roots' } }],
    },
    {
      // Two keys asked together, only one checked on the retry: the other may be missing.
      code: code`
        import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
        export async function greet(_args, ctx) {
          const userName = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
          if (userName.kind !== 'elicit') {
            return inputRequired({ inputRequests: { user_name: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }), greeting: inputRequired.createMessage({ messages: [], maxTokens: 9 }) } });
          }
          const greeting = inputResponse(ctx.mcpReq.inputResponses, 'greeting');
          return { content: [{ type: 'text', text: greeting.result.model + (userName.action === 'accept' ? userName.content.name : '') }] };
        }
      `,
      errors: [{ messageId: 'answerUsedUnchecked', line: 8, column: 44, endLine: 8, endColumn: 59, data: { key: "'greeting'", use: '.result' } }],
    },
    {
      // A raw entry dereferenced in place, and one destructured: both throw when the entry is absent.
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        export async function both(_args, ctx) {
          const { roots } = ctx.mcpReq.inputResponses.roots;
          const answer = ctx.mcpReq.inputResponses.user_name.action;
          if (!roots) return inputRequired({ inputRequests: { roots: inputRequired.listRoots(), user_name: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) } });
          return { content: [{ type: 'text', text: answer }] };
        }
      `,
      errors: [
        { messageId: 'answerUsedUnchecked', line: 3, column: 9, endLine: 3, endColumn: 18, data: { key: "'roots'", use: 'destructured' } },
        { messageId: 'answerUsedUnchecked', line: 4, column: 18, endLine: 4, endColumn: 60, data: { key: "'user_name'", use: '.action' } },
      ],
    },
    {
      // The view's kind is checked, its action is not: a declined answer has no content.
      code: code`
        import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
        export async function greet(_args, ctx) {
          const userName = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
          if (userName.kind !== 'elicit') return inputRequired({ inputRequests: { user_name: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) } });
          return { content: [{ type: 'text', text: 'Hello, ' + userName.content.name }] };
        }
      `,
      errors: [{ messageId: 'elicitActionIgnored', line: 5, column: 56, endLine: 5, endColumn: 72, data: { key: "'user_name'" } }],
    },
    {
      // A raw elicitation result checked for presence only.
      code: code`
        export function callTool(params) {
          const confirm = params.inputResponses?.confirm;
          if (!confirm) return { resultType: 'input_required', inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } } } } };
          return { content: [{ type: 'text', text: String(confirm.content?.ok) }] };
        }
      `,
      errors: [{ messageId: 'elicitActionIgnored', line: 4, column: 51, endLine: 4, endColumn: 66, data: { key: "'confirm'" } }],
    },
    {
      // Destructured content, through a local arrow that builds the elicitation.
      code: code`
        import { inputRequired } from '@modelcontextprotocol/server';
        const askName = (message) => inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: {} } });
        export async function greet(_args, ctx) {
          if (!ctx.mcpReq.inputResponses?.user_name) return inputRequired({ inputRequests: { user_name: askName('Name?') } });
          const { content } = ctx.mcpReq.inputResponses.user_name;
          return { content: [{ type: 'text', text: content.name }] };
        }
      `,
      errors: [{ messageId: 'elicitActionIgnored', line: 5, column: 9, endLine: 5, endColumn: 20, data: { key: "'user_name'" } }],
    },
  ],
});

const tsValid = [
  // Typed as the SDK types it: a switch on the view's kind, then on the elicitation's action.
  code`
    import { inputRequired, inputResponse, type CallToolResult, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server';
    export async function greet(_args: unknown, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_name');
      switch (answer.kind) {
        case 'elicit':
          if (answer.action === 'accept') return { content: [{ type: 'text', text: String(answer.content?.name) }] };
          return { content: [{ type: 'text', text: answer.action }] };
        default:
          return inputRequired({ inputRequests: { user_name: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) } });
      }
    }
  `,
];

const tsInvalid = [
  {
    // Asked under a constant key, read under a literal spelled differently.
    code: code`
      import { inputRequired, inputResponse, type ServerContext } from '@modelcontextprotocol/server';
      const NAME_KEY = 'user_name' as const;
      export async function greet(_args: unknown, ctx: ServerContext) {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'username');
        if (answer.kind !== 'elicit') return inputRequired({ inputRequests: { [NAME_KEY]: inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }) } });
        return { content: [{ type: 'text' as const, text: answer.action }] };
      }
    `,
    errors: [{ messageId: 'answerUnderUnaskedKey' as const, line: 4, column: 59, endLine: 4, endColumn: 69, data: unasked('username', "'user_name'") }],
  },
  {
    // A cast does not make the entry present: `as ListRootsResult` then `.roots` throws on the first call.
    code: code`
      import { inputRequired, type ListRootsResult, type ServerContext } from '@modelcontextprotocol/server';
      export async function list(_args: unknown, ctx: ServerContext) {
        const listed = (ctx.mcpReq.inputResponses?.roots as ListRootsResult).roots;
        if (listed.length === 0) return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
        return { content: listed.map((r) => ({ type: 'text' as const, text: r.uri })) };
      }
    `,
    errors: [{ messageId: 'answerUsedUnchecked' as const, line: 3, column: 18, endLine: 3, endColumn: 77, data: { key: "'roots'", use: '.roots' } }],
  },
  {
    // Present (checked), cast to ElicitResult, read for content without the action.
    code: code`
      import { inputRequired, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
      export async function confirm(_args: unknown, ctx: ServerContext) {
        const reply = ctx.mcpReq.inputResponses?.['confirm'] as ElicitResult | undefined;
        if (reply === undefined) return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }) } });
        return { content: [{ type: 'text' as const, text: String(reply.content!.ok) }] };
      }
    `,
    errors: [{ messageId: 'elicitActionIgnored' as const, line: 5, column: 60, endLine: 5, endColumn: 73, data: { key: "'confirm'" } }],
  },
];

typescriptTester.run('mrtr-input-responses (TypeScript)', mrtrInputResponses, { valid: tsValid, invalid: tsInvalid });
typedTester.run('mrtr-input-responses (TypeScript, typed)', mrtrInputResponses, { valid: tsValid, invalid: tsInvalid });
