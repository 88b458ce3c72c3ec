// listRoots() on something that is not MCP is not a site: nothing changes.
import { KnowledgeBase } from './kb.js';

export async function folders(kb: KnowledgeBase): Promise<number> {
  const { roots } = await kb.listRoots();
  return roots.length;
}
