import { reasonMessages } from '@uproot/core';
import { noRootsListChanged } from '../../rules/no-roots-list-changed.ts';
import { code, javascriptTester, typedTester, typescriptTester } from './testers.ts';

// A server-side list_changed handler is left for a person; a v2 client's send is what migrate does with it:
// rewritten behind the protocol era as a statement, left for a person on a client no guard can repeat.
const listChangedReason = { note: ` Needs a person [list-changed]: ${reasonMessages['list-changed']}.` };
const rewrite = { note: ' uproot migrate can rewrite this site.' };
// A v1 client only speaks 2025-era versions: nothing to guard, reported only.
const reportOnly = { note: '' };

javascriptTester.run('no-roots-list-changed (JavaScript)', noRootsListChanged, {
  valid: [
    // A workspace event emitter with a method of the same name.
    code`
      import { EventEmitter } from 'node:events';
      class Workspace extends EventEmitter {
        sendRootsListChanged() {
          this.emit('roots-changed');
        }
      }
      new Workspace().sendRootsListChanged();
    `,
    // Other notifications on an MCP server.
    code`
      import { McpServer } from '@modelcontextprotocol/server';
      const server = new McpServer({ name: 'files', version: '1.0.0' });
      server.server.setNotificationHandler('notifications/cancelled', () => {});
    `,
    // Only text.
    code`
      export const help = 'clients send notifications/roots/list_changed when roots change';
    `,
  ],
  invalid: [
    {
      // v1 CommonJS server refreshing its cached roots.
      code: code`
        const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
        const { RootsListChangedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        let allowed = [];
        server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
          allowed = (await server.server.listRoots()).roots.map((root) => root.uri);
        });
      `,
      languageOptions: { parserOptions: { sourceType: 'commonjs' } },
      errors: [{ messageId: 'list-changed', line: 5, column: 38, endLine: 5, endColumn: 72, data: listChangedReason }],
    },
    {
      // v2 client telling servers its workspace changed.
      code: code`
        import { Client } from '@modelcontextprotocol/client';
        const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
        export async function onWorkspaceFoldersChanged() {
          await client.sendRootsListChanged();
        }
      `,
      errors: [{ messageId: 'list-changed', line: 4, column: 9, endLine: 4, endColumn: 38, data: rewrite }],
    },
  ],
});

typescriptTester.run('no-roots-list-changed (TypeScript)', noRootsListChanged, {
  valid: [
    // A server sending roots/list is uproot/no-roots-request's, not this rule's.
    code`
      import { McpServer } from '@modelcontextprotocol/server';
      declare const server: McpServer;
      export const pushed = await server.server.listRoots();
    `,
    // The notification method read as data from the schema.
    code`
      import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
      export const method: string = RootsListChangedNotificationSchema.shape.method.value;
    `,
    // A server from another module: without type information uproot does not guess from names.
    code`
      import { createServer } from './factory.js';
      createServer().server.setNotificationHandler('notifications/roots/list_changed', () => {});
    `,
  ],
  invalid: [
    {
      // v2 method-string form.
      code: code`
        import { McpServer } from '@modelcontextprotocol/server';
        const server = new McpServer({ name: 'files', version: '1.0.0' });
        const sessionRoots = new Map<string, string[]>();
        server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
          const { roots } = await server.server.listRoots();
          sessionRoots.set('default', roots.map((root) => root.uri));
        });
      `,
      errors: [{ messageId: 'list-changed', line: 4, column: 38, endLine: 4, endColumn: 72, data: listChangedReason }],
    },
    {
      // v1 client sending the raw notification.
      code: code`
        import { Client } from '@modelcontextprotocol/sdk/client/index.js';
        const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
        export async function refresh(): Promise<void> {
          await client.notification({ method: 'notifications/roots/list_changed' });
        }
      `,
      errors: [{ messageId: 'list-changed', line: 4, column: 9, endLine: 4, endColumn: 76, data: reportOnly }],
    },
  ],
});

typedTester.run('no-roots-list-changed (TypeScript with types)', noRootsListChanged, {
  valid: [
    // Type information confirms this sendRootsListChanged() is not MCP.
    code`
      import { knowledgeBase } from './factory.js';
      await knowledgeBase.sendRootsListChanged();
    `,
  ],
  invalid: [
    {
      // Only the type checker knows what createClient() and createServer() return.
      code: code`
        import { createClient, createServer } from './factory.js';
        await createClient().sendRootsListChanged();
        createServer().server.setNotificationHandler('notifications/roots/list_changed', () => {});
      `,
      errors: [
        { messageId: 'list-changed', line: 2, column: 7, endLine: 2, endColumn: 44, data: listChangedReason },
        { messageId: 'list-changed', line: 3, column: 46, endLine: 3, endColumn: 80, data: listChangedReason },
      ],
    },
  ],
});
