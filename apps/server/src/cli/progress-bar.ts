/**
 * A progress line on stderr for long commands: redrawn in place on a terminal
 * (`[########------------] 12/40 pages`), one line per tenth of the way otherwise (logs).
 */
const WIDTH = 24;

export class ProgressBar {
  #lastTenth = -1;
  readonly #tty = Boolean(process.stderr.isTTY);

  constructor(private readonly unit: string) {}

  update(done: number, total: number): void {
    const fraction = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(fraction * WIDTH);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${this.unit}`;
    if (this.#tty) {
      process.stderr.write(`\r${line}`);
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth === this.#lastTenth) return;
    this.#lastTenth = tenth;
    process.stderr.write(`${line}\n`);
  }

  end(): void {
    if (this.#tty) process.stderr.write('\n');
  }
}
