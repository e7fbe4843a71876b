/**
 * A server that cannot start says why in one line naming the setting to change, without a
 * stack, and exits non-zero: the real command line (`quire serve`, and `pnpm start`'s
 * `src/main.ts`) run as a child process, as a person would.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStateOf, recordFileOf } from '../../scripts/build-record.mjs';
import { startServerOn } from '../support/data-dir-server';

const LAUNCHER = fileURLToPath(new URL('../../bin/quire.mjs', import.meta.url));
const SERVER_PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const START = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
const TIMEOUT = 90_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: SERVER_PACKAGE,
        env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
        timeout: TIMEOUT,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const quireServe = (env: Record<string, string>) => run([LAUNCHER, 'serve'], env);
/**
 * `pnpm start` (scripts/start.mjs, which runs the build of `src/main.ts`) when the build the
 * tests' global setup made is that of these sources, as the launcher decides; else the
 * sources through tsx (about 5 s more on CI's 2 cores, for the same `main.ts`), for start.mjs
 * would build, beside other tests' launchers reading the build.
 */
const pnpmStart = (env: Record<string, string>) =>
  run(buildStateOf(recordFileOf()).state === 'fresh' ? [START] : ['--import', 'tsx', MAIN], env);

/** Node's own process warnings (a deprecation in a dependency): not the server's output. */
const NODE_WARNING = /^\(node:\d+\) |^\(Use `node --trace-warnings/;

/** Exactly one line on stderr, matching `pattern`; no stack anywhere; a failing exit code. */
function expectOneLine(result: Run, pattern: RegExp): void {
  const output = `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
  expect(result.code, output).not.toBe(0);
  expect(result.code, output).not.toBeNull();
  const lines = result.stderr
    .trimEnd()
    .split('\n')
    .filter((line) => !NODE_WARNING.test(line));
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(`${result.stdout}${result.stderr}`).not.toContain('    at ');
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-startup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// Side by side: each case waits on child processes (and one on MongoDB's connection timeout),
// not on the CPU, and each has a port, a path or a data directory of its own.
describe.concurrent('a server that cannot start', () => {
  it(
    'gives up on an unreachable MongoDB after a "connecting" line, without printing credentials',
    async () => {
      const port = await closedPort();
      const result = await quireServe({ MONGODB_URI: `mongodb://quire:s3cret@127.0.0.1:${port}/quire` });
      expectOneLine(
        result,
        new RegExp(`^quire: cannot connect to MongoDB at 127\\.0\\.0\\.1:${port} \\(MONGODB_URI\\): \\S`),
      );
      expect(result.stdout).toContain(`connecting to MongoDB at 127.0.0.1:${port}…`);
      expect(`${result.stdout}${result.stderr}`).not.toContain('s3cret');
    },
    TIMEOUT,
  );

  it(
    'names PORT when the port is in use',
    async () => {
      const busy: Server = createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
      const { port } = busy.address() as { port: number };
      try {
        const result = await quireServe({ PORT: String(port), QUIRE_DATA_DIR: join(dir, 'port-in-use') });
        expectOneLine(
          result,
          new RegExp(
            `^quire: cannot listen on 127\\.0\\.0\\.1:${port} \\(PORT\\): the port is already in use`,
          ),
        );
      } finally {
        await new Promise((resolve) => busy.close(resolve));
      }
    },
    TIMEOUT,
  );

  it(
    'names QUIRE_DATA_DIR when the data directory is a file (quire serve and pnpm start)',
    async () => {
      const file = join(dir, 'a-file');
      await writeFile(file, 'not a directory');
      const pattern =
        /^quire: cannot use the data directory .*a-file \(QUIRE_DATA_DIR\): it is a file, not a directory/;
      const [served, started, below] = await Promise.all([
        quireServe({ PORT: '0', QUIRE_DATA_DIR: file }),
        pnpmStart({ PORT: '0', QUIRE_DATA_DIR: file }),
        quireServe({ PORT: '0', QUIRE_DATA_DIR: join(file, 'below') }),
      ]);
      expectOneLine(served, pattern);
      expectOneLine(started, pattern);
      expectOneLine(
        below,
        /^quire: cannot use the data directory .*a-file\/below \(QUIRE_DATA_DIR\): a part of its path is a file/,
      );
    },
    TIMEOUT,
  );

  it(
    'names QUIRE_DATA_DIR when another Quire server holds the data directory',
    async () => {
      const shared = join(dir, 'locked');
      const running = await startServerOn(shared);
      try {
        const result = await quireServe({ PORT: '0', QUIRE_DATA_DIR: shared });
        expectOneLine(
          result,
          new RegExp(
            `^quire: The data directory .*locked \\(QUIRE_DATA_DIR\\) is in use by a running Quire server \\(pid ${process.pid}\\b`,
          ),
        );
      } finally {
        await running.close();
      }
    },
    TIMEOUT,
  );
});
