// The project's own configuration files (tsconfig.json, package.json), read once per run: every
// lookup is cached by directory, so following imports costs a few map reads per file, not disk walks.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_CONFIG_BYTES = 1024 * 1024;

export class ConfigFiles {
  private readonly json = new Map<string, unknown>();
  private readonly nearest = new Map<string, string | null>();

  /** The parsed JSON (comments and trailing commas allowed, as tsconfig does), or undefined. */
  read(file: string): unknown {
    if (this.json.has(file)) return this.json.get(file);
    let value: unknown;
    try {
      const text = readFileSync(file, 'utf8');
      value = text.length > MAX_CONFIG_BYTES ? undefined : JSON.parse(stripJsonComments(text));
    } catch {
      value = undefined;
    }
    this.json.set(file, value);
    return value;
  }

  /** The closest of `names` in `dir` or above (the first name wins within a folder); node_modules is never crossed. */
  closest(dir: string, ...names: string[]): string | undefined {
    const key = `${names.join('\0')}\0${dir}`;
    const cached = this.nearest.get(key);
    if (cached !== undefined) return cached ?? undefined;
    let found = names.map((name) => path.join(dir, name)).find((file) => this.read(file) !== undefined);
    if (!found) {
      const parent = path.dirname(dir);
      if (parent !== dir && path.basename(dir) !== 'node_modules') found = this.closest(parent, ...names);
    }
    this.nearest.set(key, found ?? null);
    return found;
  }
}

/** JSON with `//` and `/* *\/` comments and trailing commas, as TypeScript reads tsconfig files. */
export function stripJsonComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
