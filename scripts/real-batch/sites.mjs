// Counts, from `uproot migrate --format json`, the server-side roots requests rewritten and marked (by reason).
export function requestSites(report) {
  const out = { sites: 0, rewritten: 0, marked: 0, reasons: {} };
  for (const file of report.files ?? []) {
    for (const site of file.sites ?? []) {
      if (site.kind !== 'request' || site.side !== 'server') continue;
      out.sites += 1;
      if (site.outcome === 'rewritten') out.rewritten += 1;
      else {
        out.marked += 1;
        const reason = site.reason ?? site.outcome ?? 'unknown';
        out.reasons[reason] = (out.reasons[reason] ?? 0) + 1;
      }
    }
  }
  return out;
}

export function changedFiles(report) {
  return (report.files ?? []).filter((f) => f.changed).map((f) => f.file);
}

// Each server-side request site with where it is and what became of it, so markers can be grouped by reason
// and traced back to the code that caused them.
export function requestSiteList(report) {
  return (report.files ?? []).flatMap((file) =>
    (file.sites ?? [])
      .filter((site) => site.kind === 'request' && site.side === 'server')
      .map((site) => ({ file: file.file, line: site.line, outcome: site.outcome, reason: site.reason ?? null, detail: site.detail ?? site.message ?? null })),
  );
}
