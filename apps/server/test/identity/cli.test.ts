/**
 * The `quire` command line, with no server running: most commands run inside the test's
 * process through the program `bin/quire.mjs` runs (`runQuire`), a few through the launcher
 * as a child process, like a person would (`quireProcess`: help, version, the default data
 * directory; a server's failures to start: `startup/startup-failures.test.ts`). The same
 * commands beside a running server: `cli-beside-server.test.ts`.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import serverPackage from '../../package.json' with { type: 'json' };
import { buildProgram } from '../../src/cli/program';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { call, envFor, makeDataDir, startServerOn } from '../support/data-dir-server';
import { runQuire as quire, quireProcess } from '../support/run-quire';

const TIMEOUT = 60_000;

const TOKEN = /quire_[A-Za-z0-9_-]{40,}/;

let dataDir: string;
beforeAll(async () => {
  dataDir = await makeDataDir();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('quire --help and --version', () => {
  it(
    'exits 0 and lists the commands',
    async () => {
      // Through the launcher, as a person runs them, side by side.
      const [run, version] = await Promise.all([quireProcess(['--help']), quireProcess(['--version'])]);
      expect(run.code).toBe(0);
      expect(version).toMatchObject({ code: 0, stderr: '' });
      expect(version.stdout.trim()).toBe(serverPackage.version);
      for (const command of ['serve', 'setup', 'seed', 'users', 'tokens', 'spaces'])
        expect(run.stdout).toContain(command);
      const tokens = await quire(['tokens', '--help']);
      expect(tokens.code).toBe(0);
      for (const command of ['issue', 'list', 'revoke']) expect(tokens.stdout).toContain(command);
    },
    TIMEOUT,
  );

  it(
    'prints the version of the server package',
    async () => {
      const run = await quire(['--version']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout.trim()).toBe(serverPackage.version);
    },
    TIMEOUT,
  );

  it(
    "says in each command's help what the command does",
    async () => {
      const leaves = (command: Command): Command[] =>
        command.commands.length === 0 ? [command] : command.commands.flatMap(leaves);
      const commands = leaves(buildProgram());
      expect(commands.length).toBeGreaterThanOrEqual(8);
      for (const command of commands) {
        expect(command.description().length, command.name()).toBeGreaterThan(20);
        // Help wraps long lines.
        const words = (text: string) => text.replace(/\s+/g, ' ');
        expect(words(command.helpInformation()), command.name()).toContain(words(command.description()));
      }
      const seed = await quire(['seed', '--help']);
      expect(seed.code).toBe(0);
      expect(seed.stdout).toContain('demo organization');
      // `--help` on every command, as a run of the program prints it.
      const pathOf = (command: Command): string[] =>
        command.parent ? [...pathOf(command.parent), command.name()] : [];
      for (const command of commands) {
        const help = await quire([...pathOf(command), '--help']);
        expect(help.code, command.name()).toBe(0);
        expect(help.stdout.replace(/\s+/g, ' ')).toContain(command.description().replace(/\s+/g, ' '));
      }
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
      expect(run.stdout).toMatch(/Docs site: {5}http:\/\/quire\.test\/~sites\/\w+\/\w+\/ \(published/);
      // That the token works is checked by the next server this file starts (one start fewer).
    },
    TIMEOUT,
  );

  it(
    'setup refuses a second time, saying why',
    async () => {
      const run = await quire(['setup'], envFor(dataDir));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('already has users');
      expect(run.stderr).toContain('quire setup --force');
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
        // setup's token (the test before), then the writer's.
        const admin = await call(server, '/v1/user', adminToken);
        expect(admin.status).toBe(200);
        expect(admin.body.email).toBe('admin@localhost');
        const orgs = await call(server, '/v1/orgs', adminToken);
        expect(orgs.body.items.map((o: { title: string }) => o.title)).toEqual(['CLI Org']);
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
    'fails with one line when the token to revoke does not exist',
    async () => {
      const run = await quire(['tokens', 'revoke', 'no-such-token'], envFor(dataDir));
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toEqual([
        expect.stringMatching(/^quire: No token no-such-token: nothing was revoked/),
      ]);
    },
    TIMEOUT,
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
    'says to stop the server or use the /admin API while a process without a command socket holds the data directory',
    async () => {
      // A running server offers its command socket (cli-beside-server.test.ts); a process
      // holding the store without one (an older server, a socket path too long) is told so.
      // (Held by this process, the lock says the same: its message is about the data directory.)
      const holder = await openConfiguredStore(parseConfig(envFor(dataDir)));
      try {
        const run = await quire(['users', 'list'], envFor(dataDir));
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('Stop the server');
        expect(run.stderr).toContain('/admin');
        expect(run.stderr).toContain('(QUIRE_DATA_DIR)');
        expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(run.stderr).not.toContain('    at ');
      } finally {
        await holder.close();
      }
    },
    TIMEOUT,
  );
});

describe('quire seed', () => {
  let seedDir: string;
  beforeAll(async () => {
    seedDir = await makeDataDir();
  });
  afterAll(() => rm(seedDir, { recursive: true, force: true }));

  it(
    'fills a demo organization once, made as the API makes it, with a working token for each person',
    async () => {
      const run = await quire(['seed', '--json'], envFor(seedDir));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const seeded = JSON.parse(run.stdout) as {
        organizationId: string;
        people: Array<{ email: string; role: string | null; token: string }>;
        made: Record<string, number>;
      };
      expect(seeded.people.map((person) => person.role)).toEqual([
        'admin',
        'create',
        'edit',
        'review',
        'read',
        null,
      ]);
      expect(seeded.made).toEqual({
        teams: 2,
        collections: 3,
        spaces: 5,
        grants: 3,
        pages: 9,
        changeRequests: 1,
      });
      const [owner] = seeded.people;
      const guest = seeded.people.find((person) => person.role === null);
      const org = `/v1/orgs/${seeded.organizationId}`;

      const server = await startServerOn(seedDir);
      try {
        for (const person of seeded.people) {
          const me = await call(server, '/v1/user', person.token);
          expect(me.status, person.email).toBe(200);
          expect(me.body.email).toBe(person.email);
        }
        const titles = (body: { items: Array<{ title: string }> }) =>
          body.items.map((item) => item.title).sort();
        expect((await call(server, `${org}/members`, owner!.token)).body.items).toHaveLength(6);
        expect(titles((await call(server, `${org}/teams`, owner!.token)).body)).toEqual([
          'Engineering',
          'Support',
        ]);
        expect(titles((await call(server, `${org}/collections`, owner!.token)).body)).toEqual([
          'Engineering',
          'Guides',
          'Product',
        ]);
        expect(titles((await call(server, `${org}/spaces`, owner!.token)).body)).toEqual([
          'API reference',
          'Architecture',
          'Getting started',
          'Runbooks',
          'Welcome',
        ]);
        const spaces = (await call(server, `${org}/spaces`, owner!.token)).body.items as Array<{
          id: string;
          title: string;
        }>;
        const guide = spaces.find((space) => space.title === 'Getting started')!;
        const content = await call(server, `/v1/spaces/${guide.id}/content`, owner!.token);
        expect(content.body.pages.map((page: { title: string }) => page.title)).toEqual([
          'Install',
          'Configuration',
        ]);
        const open = await call(server, `/v1/spaces/${guide.id}/change-requests?status=open`, owner!.token);
        expect(open.body.items.map((cr: { subject: string }) => cr.subject)).toEqual([
          'Document the upgrade steps',
        ]);
        // The guest sees only what was shared with them.
        expect(titles((await call(server, `${org}/spaces`, guest!.token)).body)).toEqual(['API reference']);
      } finally {
        await server.close();
      }

      const again = await quire(['seed'], envFor(seedDir));
      expect(again.code).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(again.stderr).toContain('The demo organization is there already');
      expect(again.stderr).toContain(`quire tokens issue --user ${owner!.email}`);
    },
    TIMEOUT * 3,
  );

  it(
    'imports a local markdown file into a space as its owner, and refuses a reader',
    async () => {
      const seeded = JSON.parse(
        (await quire(['tokens', 'issue', '--user', 'ada@demo.quire.test', '--json'], envFor(seedDir))).stdout,
      );
      // The space's id, as a person finds it without a server: `quire spaces list`.
      const listed = await quire(['spaces', 'list', '--json'], envFor(seedDir));
      expect(listed.code).toBe(0);
      const spaces = listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; title: string; organizationTitle: string });
      expect(spaces.map((space) => space.title).sort()).toEqual([
        'API reference',
        'Architecture',
        'Getting started',
        'Runbooks',
        'Welcome',
      ]);
      const runbooks = spaces.find((space) => space.title === 'Runbooks')!;
      const file = join(seedDir, 'on-call.md');
      await writeFile(file, '# On call\n\nPage the person on call, then the team.\n');
      const refused = await quire(
        ['import', runbooks.id, file, '--user', 'edsger@demo.quire.test'],
        envFor(seedDir),
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('does not allow');
      const run = await quire(
        ['import', runbooks.id, file, '--user', 'ada@demo.quire.test', '--json'],
        envFor(seedDir),
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const outcome = JSON.parse(run.stdout);
      expect(outcome).toMatchObject({ importedResources: 1, totalResources: 1 });
      const server = await startServerOn(seedDir);
      try {
        const content = (await call(server, `/v1/spaces/${runbooks.id}/content`, seeded.token)).body;
        expect(content.id).toBe(outcome.revision);
        expect(content.pages.map((page: { title: string }) => page.title)).toEqual([
          'Restore a backup',
          'On call',
        ]);
      } finally {
        await server.close();
      }
    },
    TIMEOUT * 3,
  );
});

describe('the default data directory', () => {
  let ranFrom: string;
  let packageDir: string;
  beforeAll(async () => {
    [ranFrom, packageDir] = await Promise.all([makeDataDir(), makeDataDir()]);
  });
  afterAll(() => Promise.all([ranFrom, packageDir].map((dir) => rm(dir, { recursive: true, force: true }))));

  it(
    'is ./.quire of the directory the command was run from (pnpm runs scripts in the package)',
    async () => {
      // As `pnpm quire setup` run from ranFrom: pnpm runs the script in the package, with INIT_CWD.
      const env = { ...envFor(''), QUIRE_DATA_DIR: undefined, INIT_CWD: ranFrom };
      const run = await quireProcess(['setup', '--json'], env, { cwd: packageDir });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(await readdir(ranFrom)).toEqual(['.quire']);
      expect(await readdir(packageDir)).toEqual([]);
    },
    TIMEOUT,
  );

  it('is ./.quire of the current directory without pnpm, and a relative QUIRE_DATA_DIR is taken from there too', () => {
    const cwd = process.cwd();
    expect(parseConfig({}).dataDir).toBe(join(cwd, '.quire'));
    expect(parseConfig({ INIT_CWD: '/srv/docs' }).dataDir).toBe('/srv/docs/.quire');
    expect(parseConfig({ INIT_CWD: '/srv/docs', QUIRE_DATA_DIR: 'data' }).dataDir).toBe('/srv/docs/data');
    expect(parseConfig({ INIT_CWD: '/srv/docs', QUIRE_DATA_DIR: '/var/lib/quire' }).dataDir).toBe(
      '/var/lib/quire',
    );
  });
});
