// A knowledge-base client with its own listRoots(): not MCP, left byte for byte.
import { KnowledgeBase } from './kb.js';

const kb = new KnowledgeBase();
export async function topics(): Promise<string[]> {
  const roots = await kb.listRoots();
  return roots.map((r: { name: string }) => r.name);
}
