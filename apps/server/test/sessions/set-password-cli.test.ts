/**
 * `quire users set-password <email>`, run as a child process like a person would, with the
 * password piped in: the password then signs in to the web app, and the user's sessions are
 * revoked. The refusals and the user's creation run through the same program in the test's
 * process (`runQuire`, stdin given as a pipe would give it): a child costs a process's start
 * and the store's opening (about 2 s of CPU), and the pipe's path is what the child runs prove.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, makeDataDir, startServerOn } from '../support/data-dir-server';
import { runQuire } from '../support/run-quire';
import { TestBrowser } from './test-browser';

const LAUNCHER = fileURLToPath(new URL('../../bin/quire.mjs', import.meta.url));
const TIMEOUT = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `quire` as a child process with `stdin` piped to it. */
function quire(args: string[], dataDir: string, stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [LAUNCHER, ...args],
      { env: { ...process.env, ...envFor(dataDir) }, timeout: TIMEOUT },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin!.end(stdin);
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
  const created = await runQuire(
    ['users', 'create', '--email', 'ada@example.test', '--name', 'Ada'],
    envFor(dataDir),
  );
  expect(created.code).toBe(0);
}, TIMEOUT);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('quire users set-password', () => {
  it(
    'says what it does in its help',
    async () => {
      const help = await quire(['users', 'set-password', '--help'], dataDir);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('set-password');
      expect(help.stdout).toContain('standard input');
      expect(help.stdout).toContain('<email>');
    },
    TIMEOUT,
  );

  it(
    'sets the password from stdin: it signs in, and the sessions signed in before are revoked',
    async () => {
      const first = await quire(
        ['users', 'set-password', 'Ada@Example.test'],
        dataDir,
        'first password here\n',
      );
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toBe('Set the password of Ada <ada@example.test>; signed out of 0 browsers.\n');

      let server = await startServerOn(dataDir);
      const browser = new TestBrowser(server);
      try {
        expect((await browser.signIn('ada@example.test', 'first password here')).status).toBe(200);
        expect((await browser.request('/v1/user')).status).toBe(200);
      } finally {
        await server.close();
      }

      // Without a trailing newline, as `printf %s` pipes it.
      const second = await quire(
        ['users', 'set-password', 'ada@example.test'],
        dataDir,
        'second password here',
      );
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('signed out of 1 browser.');

      server = await startServerOn(dataDir);
      try {
        // The same browser, cookie and all, against the restarted server.
        const again = new TestBrowser(server, browser.address);
        again.cookie = browser.cookie;
        expect((await again.request('/v1/user')).status).toBe(401);
        const fresh = new TestBrowser(server);
        expect((await fresh.signIn('ada@example.test', 'first password here')).status).toBe(401);
        expect((await fresh.signIn('ada@example.test', 'second password here')).status).toBe(200);
      } finally {
        await server.close();
      }
    },
    TIMEOUT * 3,
  );

  it(
    'refuses a short password, no password and an unknown user in one line each, changing nothing',
    async () => {
      const env = envFor(dataDir);
      const short = await runQuire(['users', 'set-password', 'ada@example.test'], env, 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toBe('quire: password: at least 10 characters\n');
      const empty = await runQuire(['users', 'set-password', 'ada@example.test'], env, '');
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('No password on standard input');
      const unknown = await runQuire(
        ['users', 'set-password', 'nobody@example.test'],
        env,
        'long enough password\n',
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user nobody@example.test');
    },
    TIMEOUT,
  );
});
