/**
 * A progress line for long commands, redrawn in place on stderr when stderr is a terminal
 * (`[########------------] 12/40 pages`). Otherwise nothing: a command's stderr, read by a
 * script or a log, stays empty unless something went wrong, and its outcome is on stdout.
 * Nothing is drawn before the work has counted what it has to do (a total of 0).
 */
const WIDTH = 24;

export class ProgressBar {
  readonly #tty = Boolean(process.stderr.isTTY);
  #drawn = false;

  constructor(private readonly unit: string) {}

  update(done: number, total: number): void {
    if (!this.#tty || total <= 0) return;
    const filled = Math.round(Math.min(1, done / total) * WIDTH);
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${this.unit}`,
    );
    this.#drawn = true;
  }

  end(): void {
    if (this.#drawn) process.stderr.write('\n');
  }
}
