// A candidate the checker is never asked about may still change other files' types: a script's
// top-level declarations are globals, and `declare global` / `declare module` augment what others see.
// An on-demand program roots such files from the start, so growing it cannot change an earlier answer.
const ESM_SYNTAX = /^[ \t]*(?:export\b|import\s*[^\s(.])/m;
const COMMONJS_EXPORT = /\b(?:module\.exports|exports\.[\w$]+)\s*=/;
const AUGMENTATION = /\bdeclare\s+(?:global|module|namespace)\b|\/\/\/\s*<reference\b/;

/** Whether `text` may declare what other files see (erring towards yes: a false yes only costs time). */
export function mayDeclareGlobals(file: string, text: string): boolean {
  if (AUGMENTATION.test(text)) return true;
  const isModule = /\.[cm][jt]s$/.test(file) || ESM_SYNTAX.test(text) || (/\.[cm]?jsx?$/.test(file) && COMMONJS_EXPORT.test(text));
  return !isModule;
}
