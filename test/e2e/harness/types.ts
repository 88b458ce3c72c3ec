import type { McpServer, Server } from '@modelcontextprotocol/server';

/** One request a fixture's `fixture.json` asks the harness to make, in order, on every run. */
export type FixtureCall =
  | { method: 'tools/call'; name: string; arguments?: Record<string, unknown> }
  | { method: 'prompts/get'; name: string; arguments?: Record<string, string> }
  | { method: 'resources/read'; uri: string };

/** What a fixture module exports: the original code's own factory (McpServer, or low-level Server). */
export type ServerFactory = () => McpServer | Server | Promise<McpServer | Server>;

/**
 * Optional test hooks a fixture may export (`reset`, `inspect`) so a run can observe side effects
 * the handler has outside its answer, e.g. a counter that must not double on the MRTR retry.
 */
export interface FixtureProbe {
  reset?: () => void;
  inspect?: () => unknown;
}

/**
 * The roots a client offers: a list it answers `roots/list` with (the hostile list included), or
 * `'none'` for a client that declares no roots capability at all.
 */
export type RootsOffer = readonly unknown[] | 'none';

/** An answer reduced to what the original and the migrated server must agree on. */
export type NormalizedAnswer =
  | { result: unknown }
  | { error: { code: number | string | null; message: string } };

/** Everything one client session observed. */
export interface SessionResult {
  /** One per call, in the order of `calls`. */
  answers: NormalizedAnswer[];
  /** `probe.inspect()` after each call, when the fixture exports it. */
  states?: unknown[];
  /** How many times the client's `roots/list` handler ran over the whole session. */
  rootsRequests: number;
  /** Methods of every request the server sent the client on the wire (see wire.ts), roots/list or not. */
  serverRequests: string[];
  /** What the client was asked to elicit or sample, in order (`elicitation: <message>`, `sampling: <last text>`). */
  asked: string[];
}

/**
 * What a client does when a server asks it to elicit or sample (push-style on 2025, embedded in an
 * `input_required` result on 2026-07-28): declare nothing (`undefined`, the default), or declare the
 * capability and answer every request so.
 */
export interface ClientAsks {
  elicitation?: { action: 'accept'; content: Record<string, string | number | boolean | string[]> } | { action: 'decline' | 'cancel' };
  /** Answers `sampled: <the last message's text>` from model `e2e-model`. */
  sampling?: 'echo';
}

/** Options shared by both eras' runners. */
export interface RunOptions {
  roots: RootsOffer;
  /** Elicitation and sampling: declared and answered, or not declared (default). */
  asks?: ClientAsks;
  /** `[from, to]` pairs applied to every string of every answer (temp paths → stable tokens). */
  replacements?: ReadonlyArray<readonly [string, string]>;
  probe?: FixtureProbe;
  /** Environment variables set for the duration of the session (fixtures read configuration from env). */
  env?: Readonly<Record<string, string>>;
  /** A slow client: it answers `roots/list` only after this many milliseconds (a server's bound on its wait may expire first). */
  rootsDelayMs?: number;
}
