/**
 * Runs `quire` inside the test's process, through the same program as `bin/quire.mjs`
 * (`buildProgram`), with its output kept: a command costs what its work costs, not a
 * process's start (about a second each on CI's 2 cores). The command-line tests keep a few
 * runs through the real launcher too (`quireProcess`), so the process's own path (argv, exit
 * code, the build) stays tested.
 */
import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { CommanderError } from 'commander';
import { reportCliError } from '../../src/cli/cli-error';
import type { CliRun } from '../../src/cli/cli-run';
import { buildProgram } from '../../src/cli/program';

export interface QuireRun {
  code: number;
  stdout: string;
  stderr: string;
}

const LAUNCHER = fileURLToPath(new URL('../../bin/quire.mjs', import.meta.url));

/** The environment a child process would get: this one's, with `env` over it (undefined removes). */
function mergedEnv(env: Record<string, string | undefined>): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return merged as Record<string, string>;
}

/** `quire <args>` in this process; `stdin` is what a pipe would give it. */
export async function runQuire(
  args: string[],
  env: Record<string, string | undefined> = {},
  stdin = '',
): Promise<QuireRun> {
  let stdout = '';
  let stderr = '';
  let code = 0;
  const run: CliRun = {
    env: mergedEnv(env),
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    stdin: Object.assign(Readable.from([stdin]), { isTTY: false }) as unknown as NodeJS.ReadStream,
    errIsTerminal: false,
    fail: (exitCode) => {
      code = exitCode;
    },
  };
  try {
    await buildProgram(run, { exitOverride: true }).parseAsync(['node', 'quire', ...args]);
  } catch (error) {
    if (error instanceof CommanderError) code = error.exitCode;
    else reportCliError(error, run);
  }
  return { code, stdout, stderr };
}

/** `quire <args>` as a child process through its launcher, as a person runs it. */
export function quireProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
  options: { cwd?: string; timeout?: number } = {},
): Promise<QuireRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [LAUNCHER, ...args],
      {
        env: mergedEnv(env),
        timeout: options.timeout ?? 60_000,
        ...(options.cwd ? { cwd: options.cwd } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
