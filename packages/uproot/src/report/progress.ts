// A one-line progress counter on stderr for long runs on a terminal; silent otherwise (CI, pipes).
export class Progress {
  private count = 0;
  private lastDraw = 0;
  private readonly enabled: boolean;
  private readonly total: number;

  constructor(total: number, enabled: boolean) {
    this.total = total;
    this.enabled = enabled && !!process.stderr.isTTY && total > 200;
  }

  tick(file: string): void {
    this.count++;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const name = file.length > 60 ? '…' + file.slice(-59) : file;
    process.stderr.write(`\r\x1b[K${this.count}/${this.total} ${name}`);
  }

  done(): void {
    if (this.enabled) process.stderr.write('\r\x1b[K');
  }
}
