/**
 * `quire` beside a running server (issue 30, item 9): the embedded store admits one process,
 * so the commands reach it through the server's command socket (`<data dir>/run/cli.sock`),
 * and do, print and fail the same as with the server stopped. Real `quire` processes against
 * one real server for the file; the comparison of both ways runs the program in this process
 * (`runQuire`), over two data directories, one with the server and one without.
 */
import { stat, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSocketPath } from '../../src/cli/connection/command-socket-path';
import type { RunningServer } from '../../src/server';
import { call, envFor, makeDataDir, startServerOn } from '../support/data-dir-server';
import { type QuireRun, quireProcess, runQuire } from '../support/run-quire';

const TIMEOUT = 60_000;

let dataDir: string;
let server: RunningServer;
let adminToken: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await makeDataDir();
  env = envFor(dataDir);
  // A small import bound: the socket's line bound follows it (a file in base64, and room).
  server = await startServerOn(dataDir, { QUIRE_IMPORT_MAX_BYTES: String(1024 * 1024) });
});
afterAll(async () => {
  await server?.close();
});

async function post(path: string, token: string, body: unknown) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const jsonLines = (run: QuireRun) =>
  run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('quire commands while the server runs', () => {
  it(
    'set up the instance through the server, say so with --verbose, and the token works at once',
    async () => {
      const run = await quireProcess(['--verbose', 'setup', '--org', 'Beside', '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe(
        `quire: through the server running on ${dataDir} (its command socket ${commandSocketPath(dataDir)})\n`,
      );
      const setup = JSON.parse(run.stdout) as { token: string; email: string };
      adminToken = setup.token;
      const me = await call(server, '/v1/user', adminToken);
      expect(me).toMatchObject({ status: 200, body: { email: 'admin@localhost' } });
      // Without --verbose, nothing on stderr.
      const again = await runQuire(['setup'], env);
      expect(again.code).toBe(1);
      expect(again.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('already has users')]);
    },
    TIMEOUT,
  );

  it(
    'create a user, issue, list and revoke a token, and the server sees each change at once',
    async () => {
      const created = await runQuire(['users', 'create', '--email', 'w@example.test', '--name', 'W'], env);
      expect(created).toMatchObject({ code: 0, stderr: '' });
      const issued = await runQuire(['tokens', 'issue', '--user', 'w@example.test', '--json'], env);
      expect(issued.code, issued.stderr).toBe(0);
      const { token, tokenId } = JSON.parse(issued.stdout) as { token: string; tokenId: string };
      expect((await call(server, '/v1/user', token)).body.displayName).toBe('W');
      const published: Array<{ type: string; userId?: string | null }> = [];
      const stopWatching = server.services.events.watchPublishing((event) => published.push(event));
      const [listed, revoked, password] = [
        await runQuire(['tokens', 'list', '--user', 'w@example.test'], env),
        await quireProcess(['tokens', 'revoke', tokenId], env),
        await runQuire(['users', 'set-password', 'w@example.test'], env, 'a long new passphrase\n'),
      ];
      stopWatching();
      expect(listed.stdout).toContain(tokenId);
      expect(listed.stdout).not.toContain(token);
      expect(revoked).toMatchObject({ code: 0, stderr: '' });
      expect(password.code, password.stderr).toBe(0);
      expect((await call(server, '/v1/user', token)).status).toBe(401);
      // The pages the person co-edits hear both, as they hear a face's change (`access-change.ts`).
      const userId = (JSON.parse(issued.stdout) as { userId: string }).userId;
      expect(published.filter((event) => event.type === 'access.changed')).toEqual([
        expect.objectContaining({ userId, organizationId: '', spaceId: null }),
        expect.objectContaining({ userId, organizationId: '', spaceId: null }),
      ]);
    },
    TIMEOUT,
  );

  it(
    'list the spaces of every organization, as a table and as JSON lines',
    async () => {
      const orgs = await call(server, '/v1/orgs', adminToken);
      const org = orgs.body.items[0] as { id: string; title: string };
      const created = await post(`/v1/orgs/${org.id}/spaces`, adminToken, { title: 'Handbook' });
      expect(created.status).toBe(201);
      const [table, json] = await Promise.all([
        quireProcess(['spaces', 'list'], env),
        runQuire(['spaces', 'list', '--json'], env),
      ]);
      expect(table).toMatchObject({ code: 0, stderr: '' });
      const [header, ...rows] = table.stdout.trimEnd().split('\n');
      expect(header).toMatch(/^ORGANIZATION\s+ORGANIZATION ID\s+SPACE ID\s+TITLE\s+VISIBILITY$/);
      // The space setup made for the first site, then the one made here.
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(new RegExp(`^Beside\\s+${org.id}\\s+\\S+\\s+Getting started\\s+\\S+$`));
      expect(rows[1]).toMatch(new RegExp(`^Beside\\s+${org.id}\\s+${created.body.id}\\s+Handbook\\s+\\S+$`));
      expect(jsonLines(json)).toEqual([
        expect.objectContaining({ organizationId: org.id, title: 'Getting started' }),
        {
          organizationId: org.id,
          organizationTitle: 'Beside',
          id: created.body.id,
          title: 'Handbook',
          visibility: created.body.visibility,
          createdAt: expect.any(String),
        },
      ]);
      const other = await runQuire(['spaces', 'list', '--org', 'no-such-org', '--json'], env);
      expect(other).toEqual({ code: 0, stdout: '', stderr: '' });
    },
    TIMEOUT,
  );

  it(
    "import a local file, run by the server's worker, and refuse who may not see the space",
    async () => {
      const spaces = jsonLines(await runQuire(['spaces', 'list', '--json'], env)) as Array<{
        id: string;
        title: string;
      }>;
      const space = spaces.find((listed) => listed.title === 'Handbook') as { id: string };
      const file = join(dataDir, 'runbook.md');
      await writeFile(file, '# Runbook\n\nRestart the service, then check the logs.\n');
      const refused = await runQuire(['import', space.id, file, '--user', 'w@example.test'], env);
      expect(refused).toEqual({ code: 1, stdout: '', stderr: 'quire: Space not found\n' });
      const run = await quireProcess(['import', space.id, file, '--user', 'admin@localhost', '--json'], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const outcome = JSON.parse(run.stdout);
      expect(outcome).toMatchObject({ importedResources: 1, totalResources: 1 });
      const content = (await call(server, `/v1/spaces/${space.id}/content`, adminToken)).body;
      expect(content.id).toBe(outcome.revision);
      expect(content.pages.map((page: { title: string }) => page.title)).toEqual(['Runbook']);
    },
    TIMEOUT,
  );
});

describe("the server's command socket", () => {
  it('is the server user’s alone: a directory of mode 0700, a socket of mode 0600', async () => {
    const path = commandSocketPath(dataDir);
    expect((await stat(join(path, '..'))).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  /** Sends raw lines; answers the lines the server wrote until it has `count` of them or closes. */
  function exchange(lines: string[], count: number): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(commandSocketPath(dataDir));
      let text = '';
      const done = () => {
        socket.destroy();
        resolve(
          text
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line)),
        );
      };
      socket.on('error', reject);
      socket.on('close', done);
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
        if (text.split('\n').length > count) done();
      });
      for (const line of lines) socket.write(`${line}\n`);
    });
  }

  it('answers a malformed, unknown or prototype-poisoned request with an error, and runs nothing', async () => {
    const answers = await exchange(
      [
        '{"id": 1, "op": ',
        '{"id": 2, "op": "users.drop", "input": {}}',
        '{"id": 3, "op": "users.create", "input": {"__proto__": {"isInstanceAdmin": true}}}',
        '{"id": 4, "op": "users.create", "input": {"email": "x@example.test"}}',
        '{"id": 5, "op": "users.list", "input": {}, "extra": 1}',
      ],
      6,
    );
    expect(answers[0]).toMatchObject({ hello: { pid: process.pid, publicUrl: 'http://quire.test' } });
    expect(answers.slice(1)).toEqual([
      { id: null, error: expect.objectContaining({ name: 'SyntaxError' }) },
      {
        id: 2,
        error: expect.objectContaining({ name: 'CliError', message: expect.stringContaining('users.drop') }),
      },
      { id: null, error: expect.objectContaining({ message: expect.stringMatching(/prototype/) }) },
      { id: 4, error: expect.objectContaining({ name: 'ZodError' }) },
      { id: null, error: expect.objectContaining({ name: 'ZodError' }) },
    ]);
    const users = jsonLines(await runQuire(['users', 'list', '--json'], env));
    expect(users.map((user) => user.email)).toEqual(['admin@localhost', 'w@example.test']);
  });

  it('ends a connection whose line passes its bound instead of buffering it', async () => {
    const huge = 'x'.repeat(3 * 1024 * 1024);
    const answers = await exchange([`{"id": 1, "op": "users.list", "input": "${huge}"}`], 2);
    expect(answers[1]).toMatchObject({ id: null, error: { name: 'LineTooLongError' } });
  });
});

describe('the same command, with the server running or stopped', () => {
  /** Ids, tokens and times differ between two instances: each becomes a placeholder, in order. */
  function normalized(run: QuireRun): QuireRun {
    const seen = new Map<string, string>();
    const replace = (text: string) =>
      text
        // Tokens, and their previews.
        .replace(/quire_[A-Za-z0-9_-]+/g, '<token>')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
        .replace(/\b[0-9A-Za-z]{20}\b/g, (id) => {
          if (!seen.has(id)) seen.set(id, `<id${seen.size + 1}>`);
          return seen.get(id)!;
        });
    return { code: run.code, stdout: replace(run.stdout), stderr: replace(run.stderr) };
  }

  it(
    'prints the same and exits the same, errors included',
    async () => {
      const running = await makeDataDir();
      const stopped = await makeDataDir();
      const other = await startServerOn(running);
      const steps: Array<[args: string[], stdin?: string]> = [
        [['setup', '--org', 'Same']],
        [['setup']],
        [['users', 'create', '--email', 'a@example.test', '--name', 'A']],
        [['users', 'create', '--email', 'A@example.test', '--name', 'Again']],
        [['users', 'list']],
        [['users', 'list', '--json']],
        [['users', 'set-password', 'a@example.test'], 'too short\n'],
        [['users', 'set-password', 'a@example.test'], 'a long enough password\n'],
        [['users', 'set-password', 'nobody@example.test'], 'a long enough password\n'],
        [['tokens', 'issue', '--user', 'a@example.test', '--name', 'laptop']],
        [['tokens', 'list', '--user', 'a@example.test', '--json']],
        [['tokens', 'revoke', 'no-such-token']],
        [['tokens', 'issue', '--user', 'nobody@example.test']],
        [['seed']],
        [['spaces', 'list']],
        [['jobs', 'list']],
        [['jobs', 'list', '--state', 'sleeping']],
        [['jobs', 'show', 'no-such-job']],
        [['jobs', 'retry', 'no-such-job']],
        [['import', 'no-such-space', 'https://example.test/', '--user', 'a@example.test']],
        [['import', 'no-such-space', join(running, 'notes.txt'), '--user', 'a@example.test']],
      ];
      try {
        for (const [args, stdin] of steps) {
          const [withServer, withoutServer] = [
            await runQuire(args, envFor(running), stdin),
            await runQuire(args, envFor(stopped), stdin),
          ];
          expect(normalized(withServer), args.join(' ')).toEqual(normalized(withoutServer));
        }
        const verbose = await runQuire(['--verbose', 'users', 'list'], envFor(stopped));
        expect(verbose.stderr).toBe(
          `quire: no server listens on ${commandSocketPath(stopped)}: opening the store of ${stopped} here\n`,
        );
      } finally {
        await other.close();
      }
      // Closed, the server took its socket away: the next command opens the store itself.
      const after = await runQuire(['--verbose', 'users', 'list', '--json'], envFor(running));
      expect(after.code).toBe(0);
      expect(after.stderr).toContain('opening the store');
      expect(jsonLines(after).map((user) => user.email)).toContain('a@example.test');
    },
    TIMEOUT * 2,
  );
});
