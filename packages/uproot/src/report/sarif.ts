// `--format sarif`: SARIF 2.1.0 for GitHub code scanning: one rule per site kind with its help URI,
// one result per site with a physical location relative to the repository root.
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { facts, kindMessages, reasonDocsUrl, reasonMessages, ruleDocsUrl, ruleOfKind, type SiteKind } from '@uproot/core';
import type { ScanResult } from '../scan.ts';

const kinds: SiteKind[] = ['request', 'input-request', 'list-changed', 'capability'];

function level(kind: SiteKind): Result.level {
  return kind === 'request' ? 'error' : 'warning';
}

export function scanToSarif(result: ScanResult, version: string): string {
  const rules: ReportingDescriptor[] = kinds.map((kind) => ({
    id: `uproot/${ruleOfKind[kind]}`,
    name: ruleOfKind[kind].replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
    shortDescription: { text: `MCP roots ${kind} site` },
    fullDescription: { text: kindMessages[kind] },
    helpUri: ruleDocsUrl(ruleOfKind[kind]),
    help: { text: `${kindMessages[kind]} See ${ruleDocsUrl(ruleOfKind[kind])}`, markdown: `${kindMessages[kind]}\n\n[Rule documentation](${ruleDocsUrl(ruleOfKind[kind])})` },
    defaultConfiguration: { level: level(kind) },
    properties: { tags: ['mcp', 'roots', facts.deprecatedBy], precision: 'high', 'problem.severity': kind === 'request' ? 'error' : 'warning' },
  }));
  const results: Result[] = result.files.flatMap(({ file, sites }) =>
    sites.map((s): Result => {
      const why = s.reason ? ` [${s.reason}] ${reasonMessages[s.reason]} (${reasonDocsUrl(s.reason)})` : s.action === 'rewrite' ? ' uproot migrate can rewrite this site.' : '';
      return {
        ruleId: `uproot/${ruleOfKind[s.kind]}`,
        ruleIndex: kinds.indexOf(s.kind),
        level: level(s.kind),
        message: { text: `${s.form}: ${kindMessages[s.kind]}${why}` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: encodeURI(file), uriBaseId: '%SRCROOT%' },
              region: { startLine: s.line, startColumn: s.column, endLine: s.endLine, endColumn: s.endColumn },
            },
          },
        ],
        partialFingerprints: { 'uprootSite/v1': `${file}:${s.kind}:${s.form}:${s.context.handler}:${s.context.name ?? ''}` },
        properties: { kind: s.kind, sdk: s.sdk, side: s.side, action: s.action, context: s.context, ...(s.reason ? { reason: s.reason } : {}) },
      };
    }),
  );
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'uproot', version, informationUri: 'https://github.com/uproot-mcp/uproot', rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: 'file:///' + process.cwd().replace(/\\/g, '/').replace(/^\//, '') + '/' } },
        results,
        invocations: [
          {
            executionSuccessful: result.failures.length === 0,
            toolExecutionNotifications: result.failures.map((f) => ({ level: 'error' as const, message: { text: `${f.file}: ${f.message}` } })),
          },
        ],
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
