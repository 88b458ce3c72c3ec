/** design.md §5: what CI can trust. */
export const ExitCode = {
  /** Nothing left to do. */
  Clean: 0,
  /** Work remains: `scan --check` found sites, or `migrate` left markers. */
  WorkRemains: 1,
  /** A usage error, or a file failed (that file untouched, the others done). */
  Failure: 2,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
