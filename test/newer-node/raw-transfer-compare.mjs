// Run by raw-transfer.test.ts on Node 22 and 24: every file it is given (a JSON list on stdin), parsed by oxc through
// raw transfer and through its JSON string, must give the same AST, comments and errors, key for key. Prints
// { supported, checked, mismatches } as JSON. Plain JavaScript: it runs on the bare Node under test.
import { readFileSync } from 'node:fs';
import { parseSync, rawTransferSupported } from 'oxc-parser';

const langOf = (file) => (file.endsWith('.tsx') ? 'tsx' : /\.[cm]?ts$/.test(file) ? 'ts' : 'jsx');
/** BigInt and RegExp literal values as text: JSON.stringify cannot write the one and drops the other. */
const serialise = (value) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' || v instanceof RegExp ? String(v) : v));

const files = JSON.parse(readFileSync(0, 'utf8'));
const supported = rawTransferSupported();
const mismatches = [];
let checked = 0;
if (supported) {
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const sourceType of ['module', 'script']) {
      // The options parse.ts gives oxc (experimentalRawTransfer is read by oxc's index.js, not in its types).
      const options = { lang: langOf(file), astType: 'ts', range: false, preserveParens: false, showSemanticErrors: false, sourceType };
      const json = parseSync(file, text, options);
      const raw = parseSync(file, text, { ...options, experimentalRawTransfer: true });
      for (const part of ['program', 'comments', 'errors']) {
        if (serialise(raw[part]) !== serialise(json[part])) mismatches.push(`${file} (${sourceType}): ${part}`);
      }
      checked++;
    }
  }
}
process.stdout.write(JSON.stringify({ supported, checked, mismatches }));
