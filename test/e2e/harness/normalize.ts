import type { FixtureCall, NormalizedAnswer } from './types.ts';

type Replacements = ReadonlyArray<readonly [string, string]>;

/** Keys that differ between eras and transports without meaning anything to the caller. */
// cacheScope / ttlMs: the SDK adds them to resources/read results on 2026-07-28; the handler does not.
const TRANSPORT_KEYS = new Set(['_meta', 'resultType', 'cacheScope', 'ttlMs']);

function replaceAll(text: string, replacements: Replacements): string {
  let out = text;
  for (const [from, to] of replacements) if (from !== '') out = out.split(from).join(to);
  return out;
}

/** Longest first, so a path is replaced before any of its prefixes. */
function ordered(replacements: Replacements): Replacements {
  return [...replacements].sort((a, b) => b[0].length - a[0].length);
}

function scrubWith(value: unknown, replacements: Replacements): unknown {
  if (typeof value === 'string') return replaceAll(value, replacements);
  if (Array.isArray(value)) return value.map((v) => scrubWith(v, replacements));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (!TRANSPORT_KEYS.has(key) && v !== undefined) out[key] = scrubWith(v, replacements);
    }
    return out;
  }
  return value;
}

/** Deep copy without `_meta`/`resultType`, with every string passed through the replacements. */
export function scrub(value: unknown, replacements: Replacements = []): unknown {
  return scrubWith(value, ordered(replacements));
}

/** A successful answer. Tool results always carry an explicit `isError` boolean. */
export function normalizeResult(call: FixtureCall, result: unknown, replacements: Replacements = []): NormalizedAnswer {
  const clean = scrub(result, replacements) as Record<string, unknown>;
  if (call.method === 'tools/call') clean.isError = clean.isError === true;
  return { result: clean };
}

/** A rejected call: the JSON-RPC error code (or the SDK's string code) and the message. */
export function normalizeError(error: unknown, replacements: Replacements = []): NormalizedAnswer {
  const reps = ordered(replacements);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      error: {
        code: typeof code === 'number' || typeof code === 'string' ? code : null,
        message: replaceAll(error.message, reps),
      },
    };
  }
  return { error: { code: null, message: replaceAll(String(error), reps) } };
}

/** The text of every text block of a normalized answer (tool content, prompt messages, resource contents). */
export function answerText(answer: NormalizedAnswer): string {
  if ('error' in answer) return answer.error.message;
  const texts: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.text === 'string') texts.push(o.text);
      else Object.values(o).forEach(visit);
    }
  };
  visit(answer.result);
  return texts.join('\n');
}
