// Client side: sendRootsListChanged() throws on 2026-07-28 connections.
import { Client } from '@modelcontextprotocol/client';
import type { EventEmitter } from 'node:events';

export function watch(client: Client, workspace: EventEmitter): Promise<void> {
  workspace.on('change', () => client.sendRootsListChanged());
  workspace.on('rename', async () => {
    await client.sendRootsListChanged();
  });
  workspace.on('reset', async () => {
    if (workspace.listenerCount('reset') > 1) client.sendRootsListChanged();
    else await Promise.all([client.sendRootsListChanged(), client.ping()]);
  });
  return client.notification({ method: 'notifications/roots/list_changed' });
}
