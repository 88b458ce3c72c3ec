// Variants whose outcome uproot does not keep yet, per strategy, refactoring and fixture, each with why.
// The tier asserts that each still differs: fixing one fails the tier until its entry goes.

/** Module state held as a field of one module-level instance (`rootsState.allowed = …`): no state kind follows an instance's field outside its class. */
const INSTANCE_FIELD = 'roots stored in a field of a module-level instance are not followed as state (only variables, `this` fields, setters and maps are)';

const instanceField = (fixtures: string[]) => Object.fromEntries(fixtures.map((f) => [f, INSTANCE_FIELD]));

const CLASS_FIELD_STATE = [
  'state/sandbox-helper-file-v2-ts',
  'state/sandbox-iife-v2-ts',
  'state/sandbox-module-v2-ts',
  'state/sandbox-ready-promise-v2-ts',
  'state/sandbox-shared-refresh-v1-js',
  'state/sandbox-shared-refresh-v2-js',
  'state/sandbox-then-v1-js',
  'state/sandbox-then-v2-ts',
  'state/workspace-cast-v2-ts',
  'state/workspace-module-v1-js',
  'state/workspace-module-v2-ts',
];

export const KNOWN_GAPS: Record<'param' | 'mrtr', Record<string, Record<string, string>>> = {
  param: {
    barrel: {
      'state/workspace-module-v2-ts': 'a workspace held in another module is not rewritten per call by --to param',
      'state/workspace-on-use-v2-ts': 'a fill on first use moved to another module is exported, and its callers are not traced across files',
      'state/sandbox-on-use-v2-ts': 'a fill on first use moved to another module is not retired; only its source becomes configuration (<SERVER>_ROOTS, read on first use)',
    },
    'class-field': {
      ...instanceField(CLASS_FIELD_STATE),
      'state/sandbox-on-use-v2-ts': `${INSTANCE_FIELD}; only the source becomes configuration (<SERVER>_ROOTS)`,
      'state/workspace-on-use-v2-ts': `${INSTANCE_FIELD}; only the source becomes configuration (<SERVER>_ROOTS)`,
    },
  },
  mrtr: {
    iife: {
      'lifecycle/setter-try-ts': "a capability gate's else (logging only) inside an IIFE is not seen as the hook's own no-roots path",
      'lifecycle/fill-answer-ts': "a capability gate's else (logging only) inside an IIFE is not seen as the hook's own no-roots path",
      // The same hook as fill-answer-ts (issue 20's read family added the fixture): the same gap, not a new one.
      'lifecycle-outside/health-route-ts': "a capability gate's else (logging only) inside an IIFE is not seen as the hook's own no-roots path",
      'lifecycle/fill-answer-setter-js': "a capability gate's else (a throw the SDK only reports) inside an IIFE is not seen as the hook's own no-roots path",
    },
    'class-field': instanceField(['lifecycle/helper-module-ts', 'lifecycle/fill-answer-setter-js', ...CLASS_FIELD_STATE]),
  },
};
