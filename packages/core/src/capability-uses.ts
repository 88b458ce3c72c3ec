// Where a module hands client capabilities to the SDK: `new Client(info, { capabilities })` and
// `client.registerCapabilities(…)`. The module graph asks it on behalf of a helper in another file
// (`export function buildCapabilities() { return { roots: {} } }`): do the calls this importer makes to the
// helper end up there?
import type { TSESTree } from '@typescript-eslint/types';
import { type Node, calleeName, unwrap } from './ast.ts';
import { entryValue, flowEntries } from './provenance-flows.ts';
import { type Provenance, walkAll } from './provenance.ts';
import type { McpValue } from './surface.ts';

/** The MCP client whose capabilities one of `calls` (a helper's call sites in this module) becomes, if any. */
export function clientTakingCapabilities(program: TSESTree.Program, prov: Provenance, calls: ReadonlySet<Node>): McpValue | undefined {
  let found: McpValue | undefined;
  const reaches = (value: Node | undefined) => !!value && flowEntries(value, 'roots', prov, (n) => calls.has(n)).some((n) => calls.has(n));
  walkAll(program, (n) => {
    if (found) return;
    if (n.type === 'NewExpression') {
      const cls = prov.valueOf(n.callee);
      if (cls?.kind !== 'client-class') return;
      if (flowEntries(n.arguments[1], 'capabilities', prov).some((entry) => reaches(entryValue(entry)))) found = { kind: 'client', sdk: cls.sdk };
    } else if (n.type === 'CallExpression' && calleeName(n) === 'registerCapabilities') {
      const callee = unwrap(n.callee);
      const client = callee.type === 'MemberExpression' ? prov.valueOf(callee.object) : undefined;
      if (client?.kind === 'client' && reaches(n.arguments[0])) found = client;
    }
  });
  return found;
}
