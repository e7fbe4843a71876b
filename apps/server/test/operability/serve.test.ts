/**
 * `quire serve` as a person (or a service manager) runs it, its output a pipe: JSON lines,
 * one per request with its request id; on an instance nobody can use yet, the start
 * message says how to get a token, and only then; SIGTERM stops it cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, makeDataDir } from '../support/data-dir-server';

const LAUNCHER = fileURLToPath(new URL('../../bin/quire.mjs', import.meta.url));
const TIMEOUT = 60_000;
const BOOTSTRAP_TOKEN = 'quire_serve_test_0123456789abcdef';

// biome-ignore lint/suspicious/noExplicitAny: log lines are free-form JSON
type LogLine = Record<string, any>;

interface Serving {
  url: string;
  lines: LogLine[];
  /** Resolves with the first line (already written or to come) that matches. */
  lineWhere(match: (line: LogLine) => boolean): Promise<LogLine>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `quire serve` on the data directory and waits until it says it is ready. */
async function serve(dataDir: string, extra: Record<string, string> = {}): Promise<Serving> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...envFor(dataDir, { LOG_LEVEL: 'info', ...extra }),
  };
  if (!('QUIRE_BOOTSTRAP_TOKEN' in extra)) delete env.QUIRE_BOOTSTRAP_TOKEN;
  const child: ChildProcess = spawn(process.execPath, [LAUNCHER, 'serve'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: LogLine[] = [];
  const waiting: Array<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as LogLine;
    lines.push(line);
    for (const waiter of waiting.filter((candidate) => candidate.match(line))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const lineWhere = (match: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve) => {
      const found = lines.find(match);
      if (found) resolve(found);
      else waiting.push({ match, resolve });
    });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const ready = await Promise.race([
    lineWhere((line) => String(line.msg).startsWith('Quire is ready')),
    exited.then((code) => {
      throw new Error(`quire serve exited with ${code} before it was ready`);
    }),
  ]);
  return {
    url: ready.listening,
    lines,
    lineWhere,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const isSetupHint = (line: LogLine) => String(line.msg).includes('quire setup');

let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('quire serve, its output a pipe', () => {
  it(
    'says how to get a token on an empty instance, and logs one JSON line per request with its id',
    async () => {
      const server = await serve(dataDir);
      try {
        const hint = await server.lineWhere(isSetupHint);
        expect(hint.level).toBe(40);
        expect(hint.msg).toContain('QUIRE_BOOTSTRAP_TOKEN');
        expect(hint.msg).toContain('stop the server');

        const response = await fetch(`${server.url}/v1/user`, {
          headers: { 'x-request-id': 'serve-test-1' },
        });
        expect(response.status).toBe(401);
        const line = await server.lineWhere((candidate) => candidate.reqId === 'serve-test-1');
        expect(line).toMatchObject({
          level: 30,
          msg: 'request completed',
          req: { method: 'GET', url: '/v1/user' },
          res: { statusCode: 401 },
          responseTime: expect.any(Number),
        });
        // A later request's line comes after every line of the first: there was only the one.
        await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'serve-test-2' } });
        await server.lineWhere((candidate) => candidate.reqId === 'serve-test-2');
        expect(server.lines.filter((candidate) => candidate.reqId === 'serve-test-1')).toHaveLength(1);
        expect(server.lines.some((candidate) => candidate.msg === 'incoming request')).toBe(false);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    TIMEOUT,
  );

  it(
    'says nothing of setup when QUIRE_BOOTSTRAP_TOKEN is set, nor once the instance has a user',
    async () => {
      const bootstrapped = await serve(dataDir, { QUIRE_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN });
      expect(await bootstrapped.stop()).toBe(0);
      expect(bootstrapped.lines.filter(isSetupHint)).toEqual([]);

      const again = await serve(dataDir);
      const me = await fetch(`${again.url}/v1/user`, {
        headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
      });
      expect(me.status).toBe(200);
      expect(await again.stop()).toBe(0);
      expect(again.lines.filter(isSetupHint)).toEqual([]);
    },
    TIMEOUT * 2,
  );
});
