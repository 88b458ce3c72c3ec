// The sandbox, kept in a module of its own: one setter, one getter.
let allowed: string[] = [];

export function setAllowed(directories: readonly string[]): void {
  allowed = [...directories];
}

export default function getAllowed(): string[] {
  return [...allowed];
}
