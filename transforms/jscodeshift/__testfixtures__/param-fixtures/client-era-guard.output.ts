// Client side: sendRootsListChanged() throws on 2026-07-28 connections.
import { Client } from '@modelcontextprotocol/client';
import type { EventEmitter } from 'node:events';

export function watch(client: Client, workspace: EventEmitter): Promise<void> {
  workspace.on('change', () => (client.getProtocolEra() !== 'modern' ? client.sendRootsListChanged() : Promise.resolve()));
  workspace.on('rename', async () => {
    if (client.getProtocolEra() !== 'modern') await client.sendRootsListChanged();
  });
  workspace.on('reset', async () => {
    // uproot: [list-changed] the send is part of a larger expression; guard it with client.getProtocolEra() !== 'modern' by hand (it throws on 2026-07-28 connections); roots are refreshed from notifications/roots/list_changed, which 2026-07-28 removed. See https://github.com/uproot-mcp/uproot/blob/main/docs/reasons/list-changed.md
    if (workspace.listenerCount('reset') > 1) { if (client.getProtocolEra() !== 'modern') client.sendRootsListChanged(); }
    else await Promise.all([client.sendRootsListChanged(), client.ping()]);
  });
  return client.getProtocolEra() !== 'modern' ? client.notification({ method: 'notifications/roots/list_changed' }) : Promise.resolve();
}
