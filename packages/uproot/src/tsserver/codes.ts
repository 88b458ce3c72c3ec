// tsserver tells diagnostics apart by number: one per uproot rule, in a block TypeScript's own codes
// (1000-18000, the 80000s and 90000s) leave free. Fixed numbers: editors and users may filter on them.
export const ruleCodes: Readonly<Record<string, number>> = {
  'no-roots-request': 93001,
  'no-roots-input-request': 93002,
  'no-roots-list-changed': 93003,
  'no-roots-capability': 93004,
  'no-push-elicitation': 93005,
  'no-push-sampling': 93006,
  'mrtr-allowed-methods': 93011,
  'mrtr-nonempty': 93012,
  'mrtr-request-state': 93013,
  'mrtr-retry': 93014,
  'mrtr-client-capabilities': 93015,
  'mrtr-input-responses': 93016,
};

export const uprootCodes: ReadonlySet<number> = new Set(Object.values(ruleCodes));
