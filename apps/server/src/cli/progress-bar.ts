/**
 * A progress line for long commands, redrawn in place on stderr when stderr is a terminal
 * (`[########------------] 12/40 pages`). Otherwise nothing: a command's stderr, read by a
 * script or a log, stays empty unless something went wrong, and its outcome is on stdout.
 * Nothing is drawn before the work has counted what it has to do (a total of 0).
 */
import type { CliRun } from './cli-run';

const WIDTH = 24;

export class ProgressBar {
  readonly #tty: boolean;
  readonly #write: (text: string) => void;
  #drawn = false;

  constructor(
    private readonly unit: string,
    stderr: Pick<CliRun, 'err' | 'errIsTerminal'> = {
      err: (text) => process.stderr.write(text),
      errIsTerminal: Boolean(process.stderr.isTTY),
    },
  ) {
    this.#tty = stderr.errIsTerminal;
    this.#write = stderr.err;
  }

  update(done: number, total: number): void {
    if (!this.#tty || total <= 0) return;
    const filled = Math.round(Math.min(1, done / total) * WIDTH);
    this.#write(`\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${this.unit}`);
    this.#drawn = true;
  }

  end(): void {
    if (this.#drawn) this.#write('\n');
  }
}
