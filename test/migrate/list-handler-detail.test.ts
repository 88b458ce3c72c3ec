// A roots request several list handlers reach (backlog-md: tools/list, resources/list, resources/templates/list and
// prompts/list each resolve the roots first) is marked list-handler once, naming every list that waits for the roots;
// where the code the request runs re-registers what the server offers (it sends a list_changed), the marker says the
// roots decide which tools exist — what a client would see differ. Written as a class, as plain functions in
// JavaScript, and with the re-registration in a helper the request's function calls.
import { describe, expect, it } from 'vitest';
import { planMrtrProject } from '../../transforms/mrtr.ts';

/** `file:line kind outcome reason — detail` of each site, planned with `--lifecycle per-request`. */
function migrate(files: Record<string, string>): { outcomes: string[] } {
  const { plans } = planMrtrProject(Object.entries(files).map(([path, text]) => ({ path, text })), { lifecycle: 'per-request' });
  const outcomes = [...plans.entries()].flatMap(([path, plan]) => plan.outcomes.map((o) => `${path.split('/').pop()}:${o.site.line} ${o.site.kind} ${o.outcome}${o.reason ? ` ${o.reason}` : ''}${o.detail ? ` — ${o.detail}` : ''}`));
  return { outcomes };
}

const V2 = "import { McpServer } from '@modelcontextprotocol/server';";

const CLASS = (reregister: string) => `${V2}
export class ProjectServer {
  private readonly mcp = new McpServer({ name: 's', version: '1.0.0' });
  private project = process.cwd();
  private async resolveRoots(): Promise<void> {
    const { roots } = await this.mcp.server.listRoots();
    if (roots[0]) {
      this.project = new URL(roots[0].uri).pathname;
${reregister}    }
  }
  private async reregister(): Promise<void> {
    await this.mcp.server.sendToolListChanged();
    await this.mcp.server.sendPromptListChanged();
  }
  constructor() {
    this.mcp.server.setRequestHandler('tools/list', async () => {
      await this.resolveRoots();
      return { tools: [] };
    });
    this.mcp.server.setRequestHandler('prompts/list', async () => {
      await this.resolveRoots();
      return { prompts: [] };
    });
  }
}
`;

const FUNCTIONS_JS = `${V2}
const server = new McpServer({ name: 's', version: '1.0.0' });
let project = process.cwd();
async function announce() {
  await server.server.sendResourceListChanged();
}
async function resolveRoots() {
  const { roots } = await server.server.listRoots();
  if (roots[0]) {
    project = new URL(roots[0].uri).pathname;
    await announce();
  }
}
server.server.setRequestHandler('resources/list', async () => {
  await resolveRoots();
  return { resources: [{ uri: 'file://' + project, name: 'project' }] };
});
server.server.setRequestHandler('resources/templates/list', async () => {
  await resolveRoots();
  return { resourceTemplates: [] };
});
`;

const request = (outcomes: string[]) => outcomes.filter((o) => / request /.test(o));

describe('a roots request list handlers reach is marked once, naming every list and what the roots decide there', () => {
  it('a class whose request runs a helper that re-registers tools and prompts', () => {
    const { outcomes } = migrate({ '/p/server.ts': CLASS('      await this.reregister();\n') });
    expect(request(outcomes)).toEqual([
      expect.stringMatching(/request marked list-handler — reached from (tools\/list and prompts\/list|prompts\/list and tools\/list); the roots decide which tools and prompts the server offers .*; a list request cannot ask the client for input on 2026-07-28, so these lists would be answered without the roots the original waited for$/),
    ]);
  });

  it('the same class without the re-registration: the lists still wait for the roots, nothing says they decide what exists', () => {
    const { outcomes } = migrate({ '/p/server.ts': CLASS('') });
    const [marked] = request(outcomes);
    expect(marked).toMatch(/request marked list-handler — reached from (tools\/list and prompts\/list|prompts\/list and tools\/list); a list request cannot ask/);
    expect(marked).not.toMatch(/decide/);
  });

  it('plain functions in JavaScript, the list_changed sent two calls deep', () => {
    const { outcomes } = migrate({ '/p/server.js': FUNCTIONS_JS });
    expect(request(outcomes)).toEqual([expect.stringMatching(/request marked list-handler — reached from resources\/(templates\/)?list and resources\/(templates\/)?list; the roots decide which resources the server offers/)]);
  });
});
