// `--format sarif`: SARIF 2.1.0 for GitHub code scanning: one rule per site kind with its help URI,
// one result per site with a physical location relative to the repository root (GitHub resolves
// relative URIs from there, whatever directory the scan ran in).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Location, Log, Notification, ReportingDescriptor, Result } from 'sarif';
import { facts, kindMessages, mrtrRuleDescriptions, mrtrRules, reasonDocsUrl, reasonMessages, recommendedSeverity, ruleDocsUrl, ruleOfKind, type SiteKind } from '@uproot/core/light';
import type { FileProblem } from '../files/walk.ts';
import { problemLocation, type ScanResult } from '../scan/scan.ts';
import { gitRootOf } from '../files/git-tracked.ts';
import { headline } from './wording.ts';

const kinds = Object.keys(ruleOfKind) as SiteKind[];
const SRCROOT = '%SRCROOT%';

function level(kind: SiteKind): Result.level {
  // The weights of configs.recommended: push requests break today, the rest are deprecated.
  return recommendedSeverity[ruleOfKind[kind]] === 'error' ? 'error' : 'warning';
}

/** The repository root above `cwd` (a `.git` folder or worktree file), else `cwd` itself. */
export function sourceRoot(cwd: string): string {
  return gitRootOf(cwd) ?? cwd;
}

/** SARIF §3.14.14: a base URI ends with a slash, or relative references drop its last segment. */
function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : href + '/';
}

/** Relative to the source root when inside it; an absolute file URI otherwise. Each segment is percent-encoded (`#`, `?`, `%`, spaces). */
function artifactLocation(absolute: string, root: string): ArtifactLocation {
  const rel = path.relative(root, absolute);
  if (!rel || rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)) return { uri: pathToFileURL(absolute).href };
  return { uri: rel.split(path.sep).map((s) => encodeURIComponent(s).replace(/%40/g, '@')).join('/'), uriBaseId: SRCROOT };
}

function problemNotification(p: FileProblem, level: Notification.level, cwd: string, root: string): Notification {
  const location: Location = {
    physicalLocation: {
      artifactLocation: artifactLocation(path.resolve(cwd, p.file), root),
      ...(p.line ? { region: { startLine: p.line, startColumn: p.column ?? 1 } } : {}),
    },
  };
  return { level, message: { text: `${problemLocation(p)}: ${p.message}` }, locations: [location] };
}

function rules(): ReportingDescriptor[] {
  return kinds.map((kind) => {
    const rule = ruleOfKind[kind];
    const url = ruleDocsUrl(rule);
    return {
      id: `uproot/${rule}`,
      name: rule.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
      shortDescription: { text: headline(kindMessages[kind]) },
      fullDescription: { text: kindMessages[kind] },
      helpUri: url,
      help: { text: `${kindMessages[kind]} See ${url}`, markdown: `${kindMessages[kind]}\n\n[Rule documentation](${url})` },
      defaultConfiguration: { level: level(kind) },
      properties: { tags: ['mcp', 'roots', facts.deprecatedBy], precision: 'high', 'problem.severity': level(kind) },
    };
  });
}

/** The uproot/mrtr-* rules: hand-rolled MRTR that breaks the 2026-07-28 rules. */
function mrtrRuleDescriptors(): ReportingDescriptor[] {
  return mrtrRules.map((rule) => {
    const url = ruleDocsUrl(rule);
    return {
      id: `uproot/${rule}`,
      name: rule.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
      shortDescription: { text: mrtrRuleDescriptions[rule] },
      fullDescription: { text: `${mrtrRuleDescriptions[rule]} (MCP 2026-07-28 multi round-trip requests).` },
      helpUri: url,
      help: { text: `${mrtrRuleDescriptions[rule]}. See ${url}`, markdown: `${mrtrRuleDescriptions[rule]}.\n\n[Rule documentation](${url})` },
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['mcp', 'mrtr'], precision: 'high', 'problem.severity': 'error' },
    };
  });
}

export function scanToSarif(result: ScanResult, version: string): string {
  const root = sourceRoot(result.cwd);
  const problemResults: Result[] = result.files.flatMap(({ absolute, problems }) => {
    const location = artifactLocation(absolute, root);
    const seen = new Map<string, number>();
    return problems.map((p): Result => {
      const identity = JSON.stringify([location.uri, p.rule, p.messageId, p.message]);
      const occurrence = (seen.get(identity) ?? 0) + 1;
      seen.set(identity, occurrence);
      return {
        ruleId: `uproot/${p.rule}`,
        ruleIndex: kinds.length + mrtrRules.indexOf(p.rule),
        level: 'error',
        message: { text: p.message },
        locations: [{ physicalLocation: { artifactLocation: location, region: { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn } } }],
        partialFingerprints: { 'uprootSite/v1': `${createHash('sha256').update(identity).digest('hex').slice(0, 32)}:${occurrence}` },
      };
    });
  });
  const results: Result[] = result.files.flatMap(({ absolute, sites }) => {
    const location = artifactLocation(absolute, root);
    // Identical sites in one file (same kind, form and handler) stay distinct alerts by their order.
    const seen = new Map<string, number>();
    return sites.map((s): Result => {
      const ruleId = `uproot/${ruleOfKind[s.kind]}`;
      const identity = JSON.stringify([location.uri, ruleId, s.form, s.context.handler, s.context.name ?? '', s.context.via]);
      const occurrence = (seen.get(identity) ?? 0) + 1;
      seen.set(identity, occurrence);
      const why = s.reason ? ` [${s.reason}] ${reasonMessages[s.reason]} (${reasonDocsUrl(s.reason)})` : s.action === 'rewrite' ? ' uproot migrate can rewrite this site.' : '';
      return {
        ruleId,
        ruleIndex: kinds.indexOf(s.kind),
        level: level(s.kind),
        message: { text: `${s.form}: ${kindMessages[s.kind]}${why}` },
        locations: [{ physicalLocation: { artifactLocation: location, region: { startLine: s.line, startColumn: s.column, endLine: s.endLine, endColumn: s.endColumn } } }],
        partialFingerprints: { 'uprootSite/v1': `${createHash('sha256').update(identity).digest('hex').slice(0, 32)}:${occurrence}` },
        properties: { kind: s.kind, sdk: s.sdk, side: s.side, action: s.action, context: s.context, ...(s.reason ? { reason: s.reason } : {}) },
      };
    });
  });
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'uproot', version, semanticVersion: version, informationUri: 'https://github.com/uproot-mcp/uproot', rules: [...rules(), ...mrtrRuleDescriptors()] } },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(root) } },
        // Columns count UTF-16 code units, as JavaScript strings (and oxc's JS offsets) do.
        columnKind: 'utf16CodeUnits',
        results: [...results, ...problemResults],
        invocations: [
          {
            executionSuccessful: result.failures.length === 0,
            workingDirectory: { uri: directoryUri(result.cwd) },
            toolExecutionNotifications: [
              ...result.failures.map((f) => problemNotification(f, 'error', result.cwd, root)),
              ...result.notices.map((n) => problemNotification(n, 'note', result.cwd, root)),
            ],
          },
        ],
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
