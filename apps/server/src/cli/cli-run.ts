/**
 * One run of the `quire` program: where its output goes, its environment, its input and its
 * exit code. The process's own (`processRun`) for `bin/quire.mjs`; tests run commands in
 * their own process with a run that keeps the output (`test/support/run-quire.ts`), through
 * the same program.
 */
export interface CliRun {
  env: Record<string, string | undefined>;
  /** The command's outcome: what a script reads. */
  out(text: string): void;
  /** Prompts, progress, `--verbose` notes and errors. */
  err(text: string): void;
  stdin: NodeJS.ReadStream;
  /** Whether stderr is a terminal (a progress bar is drawn only there). */
  errIsTerminal: boolean;
  /** Records a failing exit code (the process ends once the store is closed). */
  fail(code: number): void;
}

export function processRun(): CliRun {
  return {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    stdin: process.stdin,
    errIsTerminal: Boolean(process.stderr.isTTY),
    fail: (code) => {
      process.exitCode = code;
    },
  };
}
