// ts-morph's compiler ships its lib .d.ts files in memory, not on disk: a compiler host serves
// them from a virtual folder so the user's `lib` setting still decides which globals exist.
import path from 'node:path';
import { getLibFiles } from '@ts-morph/common';
import { ts } from 'ts-morph';

const LIB_DIR = path.resolve('/', '__uproot_typescript_lib__');
let texts: Map<string, string> | undefined;

function libTexts(): Map<string, string> {
  return (texts ??= new Map(getLibFiles().map((f) => [path.join(LIB_DIR, f.fileName), f.text])));
}

/** Points `host` at the in-memory lib files; the other files still come from disk. */
export function withBundledLibs(host: ts.CompilerHost, options: ts.CompilerOptions): ts.CompilerHost {
  const { fileExists, readFile, getSourceFile } = host;
  host.getDefaultLibLocation = () => LIB_DIR;
  host.getDefaultLibFileName = () => path.join(LIB_DIR, ts.getDefaultLibFileName(options));
  host.fileExists = (name) => libTexts().has(path.resolve(name)) || fileExists.call(host, name);
  host.readFile = (name) => libTexts().get(path.resolve(name)) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, onError, fresh) => {
    const lib = libTexts().get(path.resolve(name));
    return lib !== undefined ? ts.createSourceFile(name, lib, language) : getSourceFile.call(host, name, language, onError, fresh);
  };
  return host;
}
