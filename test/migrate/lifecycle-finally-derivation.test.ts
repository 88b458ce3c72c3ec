import { describe, expect, it } from 'vitest';
import { perRequestProjects } from './per-request-projects.ts';

const { project, migrate } = perRequestProjects('finally-derivation');

const MODULE = `import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';

const configured: string[] = (process.env.ALLOWED ?? '').split(':').filter((dir) => dir !== '');
let rootDirs: string[] = [];
let allowed: string[] = [];

async function recompute(): Promise<void> {
  const inside = configured.length > 0 ? rootDirs.filter((dir) => configured.some((c) => dir.startsWith(c))) : rootDirs;
  const combined = [...configured, ...inside];
  if (combined.length === 0) console.error('no directories: nothing allowed');
  allowed = combined;
}

async function update(server: McpServer): Promise<void> {
  try {
    const { roots } = await server.server.listRoots();
    rootDirs = roots.map((root) => fileURLToPath(root.uri));
  } catch (error) {
    rootDirs = [];
    console.error('roots unavailable:', String(error));
  } finally {
    await recompute();
  }
}

const server = new McpServer({ name: 's', version: '1.0.0' });
server.server.setNotificationHandler('notifications/initialized', async () => {
  await update(server);
});
server.registerTool('allowed', {}, async () => ({ content: [{ type: 'text', text: allowed.join(',') }] }));

export async function start(transport: Parameters<McpServer['connect']>[0]): Promise<void> {
  await recompute();
  await server.connect(transport);
}
`;

describe('scratch', () => {
  it('module', () => {
    const dir = project('m', { 'server.ts': MODULE });
    const r = migrate(dir);
    console.log(JSON.stringify(r.outcomes, null, 1));
    console.log(r.changed['server.ts']);
  });
});
