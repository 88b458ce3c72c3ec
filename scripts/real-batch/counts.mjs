// Reads a type checker's or a test runner's output as numbers, so a run before and after migrate can be compared.

// tsc prints one `error TSnnnn` per diagnostic, with or without --pretty.
export function typeErrors(output) {
  return (output.match(/error TS\d+/g) ?? []).length;
}

// vitest, jest, node:test and bun test each summarise differently; the first that matches wins.
export function testCounts(output) {
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const vitest = /^\s*Tests\s+(.*)$/m.exec(text);
  if (vitest && /passed|failed/.test(vitest[1]) && !/total/.test(vitest[1])) {
    return { passed: num(vitest[1], /(\d+) passed/), failed: num(vitest[1], /(\d+) failed/), failing: failingFiles(text) };
  }
  const jest = /^Tests:\s+(.*)$/m.exec(text);
  if (jest) return { passed: num(jest[1], /(\d+) passed/), failed: num(jest[1], /(\d+) failed/), failing: failingFiles(text) };
  // node:test closes with `# pass N` (TAP, Node 20 off a terminal) or `ℹ pass N` (spec, Node 23 and later).
  const nodePass = /^(?:#|ℹ) pass (\d+)$/m.exec(text);
  if (nodePass) return { passed: Number(nodePass[1]), failed: num(text, /^(?:#|ℹ) fail (\d+)$/m), failing: [] };
  const bunPass = /^\s*(\d+) pass$/m.exec(text);
  if (bunPass && /^Ran \d+ tests? across/m.test(text)) {
    return { passed: Number(bunPass[1]), failed: num(text, /^\s*(\d+) fail$/m), failing: bunFailingFiles(text) };
  }
  return { passed: 0, failed: 0, failing: [], unread: true };
}

// bun test names each file on a `path/x.test.ts:` line before its `(pass)`/`(fail)` lines; its closing
// recap of failures (after `N tests failed:`) belongs to no file.
function bunFailingFiles(text) {
  const files = new Set();
  let file;
  for (const line of text.split('\n')) {
    const header = /^(\S+\.(?:test|spec)\.[cm]?[jt]sx?):$/.exec(line);
    if (header) file = header[1];
    else if (/^\d+ tests? failed:$/.test(line.trim())) file = undefined;
    else if (file && line.startsWith('(fail)')) files.add(file);
  }
  return [...files].sort();
}

function num(text, re) {
  const m = re.exec(text);
  return m ? Number(m[1]) : 0;
}

// `FAIL  path/to/file.test.ts` (vitest and jest) names the test files with a failure.
function failingFiles(text) {
  const files = new Set();
  for (const m of text.matchAll(/^\s*FAIL\s+(\S+)/gm)) files.add(m[1]);
  return [...files].sort();
}
