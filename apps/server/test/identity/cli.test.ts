/** The `quire` command line, run as a child process through its launcher, like a person would. */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, envFor, makeDataDir, startServerOn } from './same-store';

const LAUNCHER = fileURLToPath(new URL('../../bin/quire.mjs', import.meta.url));
const TIMEOUT = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function quire(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [LAUNCHER, ...args],
      { env: { ...process.env, ...env }, timeout: TIMEOUT },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const TOKEN = /quire_[A-Za-z0-9_-]{40,}/;

let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('quire --help', () => {
  it(
    'exits 0 and lists the commands',
    async () => {
      const run = await quire(['--help']);
      expect(run.code).toBe(0);
      for (const command of ['serve', 'setup', 'users', 'tokens']) expect(run.stdout).toContain(command);
      const tokens = await quire(['tokens', '--help']);
      expect(tokens.code).toBe(0);
      for (const command of ['issue', 'list', 'revoke']) expect(tokens.stdout).toContain(command);
    },
    TIMEOUT,
  );
});

describe('quire setup, users and tokens over one data directory', () => {
  let adminToken: string;

  it(
    'setup prints a working token once, with the next step',
    async () => {
      const run = await quire(['setup', '--org', 'CLI Org'], envFor(dataDir));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      adminToken = TOKEN.exec(run.stdout)?.[0] ?? '';
      expect(adminToken).not.toBe('');
      expect(run.stdout).toContain(`curl -H "Authorization: Bearer ${adminToken}" http://quire.test/v1/user`);

      const server = await startServerOn(dataDir);
      try {
        const me = await call(server, '/v1/user', adminToken);
        expect(me.status).toBe(200);
        expect(me.body.email).toBe('admin@localhost');
        const orgs = await call(server, '/v1/orgs', adminToken);
        expect(orgs.body.items.map((o: { title: string }) => o.title)).toEqual(['CLI Org']);
      } finally {
        await server.close();
      }
    },
    TIMEOUT,
  );

  it(
    'setup refuses a second time, saying why',
    async () => {
      const run = await quire(['setup'], envFor(dataDir));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('already has users');
    },
    TIMEOUT,
  );

  it(
    'creates a user, issues them a token that works, lists and revokes it',
    async () => {
      const created = await quire(
        ['users', 'create', '--email', 'Writer@Example.test', '--name', 'Writer'],
        envFor(dataDir),
      );
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('writer@example.test');

      const duplicate = await quire(
        ['users', 'create', '--email', 'writer@example.test', '--name', 'Again'],
        envFor(dataDir),
      );
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain('already exists');

      const listed = await quire(['users', 'list'], envFor(dataDir));
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('admin@localhost');
      expect(listed.stdout).toContain('writer@example.test');

      const issued = await quire(
        ['tokens', 'issue', '--user', 'writer@example.test', '--name', 'laptop', '--json'],
        envFor(dataDir),
      );
      expect(issued.code).toBe(0);
      const { token, tokenId } = JSON.parse(issued.stdout) as { token: string; tokenId: string };
      expect(token).toMatch(TOKEN);

      const tokens = await quire(['tokens', 'list', '--user', 'writer@example.test'], envFor(dataDir));
      expect(tokens.code).toBe(0);
      expect(tokens.stdout).toContain(tokenId);
      expect(tokens.stdout).toContain('laptop');
      expect(tokens.stdout).not.toContain(token);

      let server = await startServerOn(dataDir);
      try {
        const me = await call(server, '/v1/user', token);
        expect(me.status).toBe(200);
        expect(me.body.displayName).toBe('Writer');
      } finally {
        await server.close();
      }

      const revoked = await quire(['tokens', 'revoke', tokenId], envFor(dataDir));
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain('revoked');

      server = await startServerOn(dataDir);
      try {
        expect((await call(server, '/v1/user', token)).status).toBe(401);
      } finally {
        await server.close();
      }
    },
    TIMEOUT * 3,
  );

  it(
    'names an unknown user clearly',
    async () => {
      const run = await quire(['tokens', 'issue', '--user', 'nobody@example.test'], envFor(dataDir));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('No user nobody@example.test');
    },
    TIMEOUT,
  );

  it(
    'says to stop the server or use the /admin API while a server holds the data directory',
    async () => {
      const server = await startServerOn(dataDir);
      try {
        const run = await quire(['users', 'list'], envFor(dataDir));
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('Stop the server');
        expect(run.stderr).toContain('/admin');
        expect(run.stderr).toContain('(QUIRE_DATA_DIR)');
        expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(run.stderr).not.toContain('    at ');
      } finally {
        await server.close();
      }
    },
    TIMEOUT,
  );
});
