// The client side: declares roots and tells servers when they change.
import { Client } from '@modelcontextprotocol/client';

export async function connectEditorClient(workspace: string[]): Promise<Client> {
  const client = new Client({ name: 'editor', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler('roots/list', async () => ({ roots: workspace.map((dir) => ({ uri: `file://${dir}` })) }));
  return client;
}

export async function workspaceChanged(client: Client): Promise<void> {
  await client.sendRootsListChanged();
}
