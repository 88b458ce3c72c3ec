// One analysis per file version: tsserver asks for diagnostics and code fixes again and again while a
// file is unchanged, and the version tsserver gives each script changes with every edit.
import type { Finding } from './analysis.ts';

const MAX_FILES = 200;

export class FindingsCache {
  private readonly byFile = new Map<string, { version: string; findings: Finding[] }>();

  get(fileName: string, version: string, analyse: () => Finding[]): Finding[] {
    const hit = this.byFile.get(fileName);
    if (hit?.version === version) return hit.findings;
    const findings = analyse();
    this.byFile.delete(fileName);
    // Least recently analysed first out: open files come back often, closed ones never.
    if (this.byFile.size >= MAX_FILES) this.byFile.delete(this.byFile.keys().next().value!);
    this.byFile.set(fileName, { version, findings });
    return findings;
  }
}
