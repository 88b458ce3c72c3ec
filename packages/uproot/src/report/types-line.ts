// The one text line that says which `--types` mode ran, shared by scan and migrate.
export function typesLine(types: 'on' | 'off', why: string | undefined): string {
  return types === 'on' ? 'Types: on (the TypeScript checker confirmed receivers syntax could not trace).' : `Types: off (${why}).`;
}
