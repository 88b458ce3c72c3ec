// .gitignore patterns (git's "PATTERN FORMAT") compiled to regular expressions, so the file walk can
// apply them while it descends in one pass instead of globbing the tree twice.

export interface IgnoreRule {
  negate: boolean;
  /** A trailing slash: the pattern only matches directories. */
  dirOnly: boolean;
  /** A slash at the start or in the middle: matched against the path from the .gitignore's folder. */
  anchored: boolean;
  regex: RegExp;
}

export function parseGitignore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const rule = parseLine(raw);
    if (rule) rules.push(rule);
  }
  return rules;
}

function parseLine(raw: string): IgnoreRule | undefined {
  let line = stripTrailingSpaces(raw);
  if (line === '' || line.startsWith('#')) return undefined;
  let negate = false;
  if (line.startsWith('!')) {
    negate = true;
    line = line.slice(1);
  }
  let dirOnly = false;
  if (line.endsWith('/') && !line.endsWith('\\/')) {
    dirOnly = true;
    line = line.replace(/\/+$/, '');
  }
  if (line === '') return undefined;
  const anchored = line.includes('/');
  if (line.startsWith('/')) line = line.slice(1);
  return { negate, dirOnly, anchored, regex: new RegExp(`^${globToRegex(line)}$`) };
}

/** "Trailing spaces are ignored unless they are quoted with backslash." */
function stripTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  if (end < line.length && end > 0 && line[end - 1] === '\\') end++;
  return line.slice(0, end);
}

function globToRegex(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      let j = i;
      while (glob[j] === '*') j++;
      const wholeSegment = j - i >= 2 && (i === 0 || glob[i - 1] === '/') && (j === glob.length || glob[j] === '/');
      if (wholeSegment && j === glob.length) re += '.*'; // `/**` at the end: everything inside
      else if (wholeSegment) {
        re += '(?:.*/)?'; // `**/`: zero or more directories
        j++;
      } else re += '[^/]*'; // other runs of stars are one star
      i = j - 1;
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const cls = bracket(glob, i);
      if (cls) {
        re += cls.source;
        i = cls.end;
      } else re += '\\[';
    } else if (c === '\\' && i + 1 < glob.length) re += escapeChar(glob[++i]!);
    else re += escapeChar(c);
  }
  return re;
}

/** `[a-z]`, `[!a-z]` / `[^a-z]`; a bracket expression never matches `/`. Undefined when unterminated. */
function bracket(glob: string, start: number): { source: string; end: number } | undefined {
  let i = start + 1;
  let negated = false;
  if (glob[i] === '!' || glob[i] === '^') {
    negated = true;
    i++;
  }
  let body = '';
  let first = true;
  for (; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === ']' && !first) return { source: negated ? `[^/${body}]` : `(?!/)[${body}]`, end: i };
    first = false;
    if (c === '\\' && i + 1 < glob.length) body += '\\' + glob[++i];
    else if (c === '-') body += '-';
    else body += /[\]\\^[]/.test(c) ? '\\' + c : c;
  }
  return undefined;
}

function escapeChar(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? '\\' + c : c;
}

/** Git's answer for one path: the last matching rule decides, and a negation re-includes. */
export function isIgnoredBy(rules: readonly IgnoreRule[], relPath: string, name: string, isDir: boolean, current: boolean): boolean {
  let ignored = current;
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue;
    if (rule.regex.test(rule.anchored ? relPath : name)) ignored = !rule.negate;
  }
  return ignored;
}
