// What scan says `migrate --to mrtr` will do must be what it does: for requests the file-local classifier
// calls rewritable (or could not close), scan asks the planner itself, over the same files (refineActions).
import { cacheCompiledCommonJs } from '../compile-cache.ts';
import { readHoldingWords, readKept } from '../files/read-source.ts';
import type { RunBytes } from '../files/run-bytes.ts';
import type { TypeOracle } from '../types/oracle.ts';
import type { ScanSite } from './match-file.ts';
import type { prepareUnit } from '../../../../transforms/mrtr.ts';

type Unit = NonNullable<ReturnType<typeof prepareUnit>>;

/** The part of a scan result the refine pass reads and corrects. */
interface RefinedFile {
  absolute: string;
  sites: ScanSite[];
}

/** A request the planner decides (v1 too: the planner decides whether their marker suggests the SDK upgrade). */
export function isOpenRequest(s: ScanSite): boolean {
  return s.kind === 'request' && (s.action === 'rewrite' || (s.reason === 'unresolved-chain' && s.sdk === 2) || (s.sdk === 1 && (s.reason === 'v1-sdk' || s.reason === 'unresolved-chain')));
}

/** Elicitation or sampling requests: the planner holds back a handler that makes one, so their files are planned too. */
function isPushRequest(s: ScanSite): boolean {
  return s.side === 'server' && (s.kind === 'elicitation-request' || s.kind === 'sampling-request');
}

/** A kept file's text as the refine pass reads it (the walk saw a regular file: no stat before reading it). */
function keptText(file: string, maxBytes: number, kept: RunBytes): string | undefined {
  const r = readKept(file, maxBytes, kept);
  return r.ok && !('unwanted' in r) ? r.text : undefined;
}

/** The MRTR planner, loaded on the first file it is needed for (with what it loads of CommonJS cached). */
function loadPlanner(): Promise<typeof import('../../../../transforms/mrtr.ts')> {
  cacheCompiledCommonJs();
  return import('../../../../transforms/mrtr.ts');
}

/**
 * The units of the files the refine pass will plan, made as their answers come in: while the main thread waits
 * for the matcher worker's last answers it has nothing else to do, and after them the pass is all that is left
 * (untyped runs with a worker; the planner makes the same unit from the same text, `ProjectOptions.units`).
 */
export class PreparedUnits {
  readonly units = new Map<string, Unit>();
  private readonly maxBytes: number;
  private readonly kept: RunBytes;
  private readonly cwd: string;

  constructor(maxBytes: number, kept: RunBytes, cwd: string) {
    this.maxBytes = maxBytes;
    this.kept = kept;
    this.cwd = cwd;
  }

  /** Makes `file`'s unit now when the refine pass will plan it. */
  async add(file: RefinedFile): Promise<void> {
    if (!file.sites.some(isOpenRequest)) return;
    const text = keptText(file.absolute, this.maxBytes, this.kept);
    if (text === undefined) return;
    const unit = (await loadPlanner()).prepareUnit(file.absolute, text, { cwd: this.cwd });
    if (unit) this.units.set(file.absolute, unit);
  }
}

/**
 * `kept`: the bytes the scan read, which the planner's caller search reads instead of every file again (run-bytes.ts).
 * `cwd`: where the scan started, the callers' boundary migrate gives the planner too.
 */
export async function refineActions(files: RefinedFile[], allFiles: string[], maxBytes: number, oracle: TypeOracle | undefined, kept: RunBytes, cwd: string, prepared?: PreparedUnits): Promise<void> {
  const withCandidates = files.filter((f) => f.sites.some(isOpenRequest));
  if (withCandidates.length === 0) return;
  const { planMrtrProject } = await loadPlanner();
  const read = (file: string) => keptText(file, maxBytes, kept);
  const planned = new Set([...withCandidates, ...files.filter((f) => f.sites.some(isPushRequest))].map((f) => f.absolute));
  const sources = allFiles.map((file) => (planned.has(file) ? { path: file, text: read(file) } : { path: file }));
  let plans;
  try {
    plans = planMrtrProject(sources, { cwd, read, readHolding: readHoldingWords(maxBytes, kept), typeHintFor: oracle && ((file, scopes) => oracle.hintFor(file, scopes)), units: prepared?.units }).plans;
  } catch {
    return; // the classifier's answer stands; migrate reports the planner's failure with its cause
  }
  for (const f of withCandidates) {
    const outcomes = plans.get(f.absolute)?.outcomes ?? [];
    for (const site of f.sites.filter(isOpenRequest)) {
      const o = outcomes.find((x) => x.site.range[0] === site.range[0] && x.site.kind === site.kind);
      if (o?.outcome === 'rewritten') {
        site.action = 'rewrite';
        delete site.reason;
      } else if (o?.outcome === 'marked' && o.reason) {
        site.action = 'mark';
        site.reason = o.reason;
        if (o.detail) site.detail = o.detail;
      }
    }
  }
}
