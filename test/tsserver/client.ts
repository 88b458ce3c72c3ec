// A tsserver client speaking its stdio protocol as editors do: JSON requests on stdin, Content-Length
// framed responses and events on stdout.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';

export interface Location {
  line: number;
  offset: number;
}

export interface ProtocolDiagnostic {
  start: Location;
  end: Location;
  text: string;
  code: number;
  category: string;
  source?: string;
}

export interface ProtocolCodeEdit {
  start: Location;
  end: Location;
  newText: string;
}

export interface ProtocolFileCodeEdits {
  fileName: string;
  textChanges: ProtocolCodeEdit[];
}

export interface ProtocolCodeFix {
  fixName: string;
  description: string;
  changes: ProtocolFileCodeEdits[];
  fixId?: string;
  fixAllDescription?: string;
}

interface Response {
  type: 'response';
  request_seq: number;
  success: boolean;
  message?: string;
  body?: unknown;
}

export class TsServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, { resolve: (body: unknown) => void; reject: (error: Error) => void }>();
  private buffer = Buffer.alloc(0);
  private seq = 0;
  private stderr = '';

  /**
   * tsserver.js of the TypeScript installed in `project`, so plugins resolve from that project's node_modules.
   * `serverArgs`: more tsserver flags (`--globalPlugins uproot/tsserver` for files in no configured project).
   */
  constructor(project: string, logFile: string, nodeOptions: string[] = [], serverArgs: string[] = []) {
    const tsserver = path.join(project, 'node_modules/typescript/lib/tsserver.js');
    this.child = spawn(process.execPath, [...nodeOptions, tsserver, '--disableAutomaticTypingAcquisition', '--logVerbosity', 'verbose', '--logFile', logFile, ...serverArgs], { cwd: project });
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.on('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`tsserver exited (${code}) with requests pending: ${this.stderr}`));
      this.pending.clear();
    });
  }

  /** A command without a response (`open`). */
  notify(command: string, args: object): void {
    this.child.stdin.write(`${JSON.stringify({ seq: ++this.seq, type: 'request', command, arguments: args })}\n`);
  }

  request<T>(command: string, args: object): Promise<T> {
    const seq = ++this.seq;
    const answer = new Promise<T>((resolve, reject) => this.pending.set(seq, { resolve: resolve as (body: unknown) => void, reject }));
    this.child.stdin.write(`${JSON.stringify({ seq, type: 'request', command, arguments: args })}\n`);
    return answer;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.notify('exit', {});
    await exited;
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const header = this.buffer.indexOf('\r\n\r\n');
      if (header < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(this.buffer.subarray(0, header).toString())?.[1]);
      const start = header + 4;
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.subarray(start, start + length).toString()) as Response | { type: 'event' };
      this.buffer = this.buffer.subarray(start + length);
      if (message.type !== 'response') continue;
      const waiting = this.pending.get(message.request_seq);
      this.pending.delete(message.request_seq);
      if (!waiting) continue;
      if (message.success) waiting.resolve(message.body);
      else waiting.reject(new Error(`tsserver refused the request: ${message.message}`));
    }
  }
}

/** Apply tsserver's line/offset edits to `text`, last first so earlier positions stay valid (ties keep their order). */
export function applyCodeEdits(text: string, edits: readonly ProtocolCodeEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const at = (l: Location) => starts[l.line - 1]! + l.offset - 1;
  const sorted = edits.map((e, index) => ({ index, start: at(e.start), end: at(e.end), text: e.newText })).sort((a, b) => b.start - a.start || b.index - a.index);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
