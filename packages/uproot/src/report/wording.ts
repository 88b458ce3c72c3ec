// Short forms of the core messages for places that show one line (terminal lines, SARIF titles).

/** The first clause of a kind message: the fact, without the dates in parentheses or the way out. */
export function headline(message: string): string {
  return message.split(/ \(|\. /)[0]!;
}
