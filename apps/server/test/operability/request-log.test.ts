/**
 * The log on a terminal: one readable line per request, `GET /v1/user 401 3.1ms`, and the
 * other lines with their message. (Off a terminal the lines are JSON: `serve.test.ts`.)
 */
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LogOutput, loggerOptionsFor, readableMessage } from '../../src/http/request-log';
import { startTestServer, type TestServer } from '../support/test-server';

/** A stream that says it is a terminal, and hands over what is written to it, line by line. */
function fakeTerminal() {
  const output: LogOutput = Object.assign(new PassThrough(), { isTTY: true });
  const lines: string[] = [];
  const waiting: Array<{ match: RegExp; resolve: (line: string) => void }> = [];
  let rest = '';
  output.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const raw of parts) {
      // Colours or not depends on the machine's terminal settings; the text is what matters.
      const line = stripVTControlCharacters(raw);
      lines.push(line);
      for (const waiter of waiting.filter((candidate) => candidate.match.test(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const lineMatching = (match: RegExp) =>
    new Promise<string>((resolve) => {
      const found = lines.find((line) => match.test(line));
      if (found) resolve(found);
      else waiting.push({ match, resolve });
    });
  return { output, lines, lineMatching };
}

describe('the log on a terminal', () => {
  const terminal = fakeTerminal();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { logger: await loggerOptionsFor('info', terminal.output) });
  });
  afterAll(() => server.close());

  it('has one readable line per request: method, path, status, time', async () => {
    await server.api('/v1/user', { headers: { 'x-request-id': 'pretty-1' } });
    const line = await terminal.lineMatching(/GET \/v1\/user /);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/v1\/user 401 \d+\.\dms$/);

    // Once the next request's line is there, every line of the first one is too.
    await server.api('/healthz');
    await terminal.lineMatching(/GET \/healthz 200/);
    expect(terminal.lines.filter((candidate) => candidate.includes('/v1/user'))).toEqual([line]);
    expect(terminal.lines.join('\n')).not.toContain('pretty-1');
    expect(terminal.lines.join('\n')).not.toContain('incoming request');
  });
});

describe('loggerOptionsFor', () => {
  it('writes JSON, as pino does, when the output is not a terminal', async () => {
    const pipe = new PassThrough();
    expect(await loggerOptionsFor('warn', pipe)).toEqual({ level: 'warn', stream: pipe });
  });

  it('reads request lines as one summary and other lines as their message', () => {
    const request = {
      req: { method: 'POST', url: '/v1/orgs' },
      res: { statusCode: 201 },
      responseTime: 12.345,
    };
    expect(readableMessage({ ...request, msg: 'request completed' }, 'msg')).toBe('POST /v1/orgs 201 12.3ms');
    expect(readableMessage({ msg: 'Quire is ready', engine: 'embedded' }, 'msg')).toBe('Quire is ready');
    expect(readableMessage({ req: { method: 'GET' }, msg: 'store not ready' }, 'msg')).toBe(
      'store not ready',
    );
  });
});
