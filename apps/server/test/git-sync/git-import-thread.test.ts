/**
 * A Git import converts the repository into pages in a job thread (issue 25, item 1: Git
 * files are markdown from outside), through real HTTP against real local bare repositories
 * (`QUIRE_GIT_ALLOW_FILE=1`), on a server whose job threads may run 5 s per task. A
 * repository whose README.md is a markdown bomb (here 391 KiB of list items, about 8 s of CPU
 * against a reading budget made tight for this test; 64 KB of `*a**`, 34 s before emphasis was
 * parsed in linear time, was the bomb until then) holds a markdown thread (the job
 * thread no longer parses pages: each is parsed by its reading, which resolves its links),
 * never the request thread: `/healthz` and an ordinary read answer while the job runs, the
 * import fails naming the reading's limit, and the next import is read.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

let server: TestServer;
let org: TestOrganization;
let root: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.test',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.test',
    },
  }).trim();

/** A bare repository holding `files` in one commit on main. */
async function bareRepository(name: string, files: Record<string, string>): Promise<string> {
  const bare = join(root, `${name}.git`);
  git(root, 'init', '--bare', '--initial-branch=main', bare);
  const work = join(root, `${name}-work`);
  git(root, 'init', '--initial-branch=main', work);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), text);
  }
  git(work, 'add', '-A');
  git(work, 'commit', '-m', `Hand-made ${name}`);
  git(work, 'push', bare, 'main');
  return bare;
}

const call = (method: string, path: string, body?: unknown) =>
  server.api(
    path,
    body === undefined ? { method, token: org.admin.token } : { method, token: org.admin.token, body },
  );

async function newSpace(title: string): Promise<string> {
  const created = await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title });
  expect(created.status).toBe(201);
  return created.body.id;
}

/**
 * Starts an import and polls until it ends, asking `/healthz` before each look at the job;
 * answers the space's Git info and how many `/healthz` answers came while the job still ran.
 */
async function importWatched(
  spaceId: string,
  url: string,
): Promise<{ info: Json; answeredWhileRunning: number }> {
  const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.lastImport?.job;
  const answer = await call('POST', `/v1/spaces/${spaceId}/git/import`, { url, ref: 'main' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  let answeredWhileRunning = 0;
  for (;;) {
    expect((await server.api('/healthz')).status).toBe(200);
    const info = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body;
    const run = info?.lastImport;
    if (run && run.job !== before && run.state !== 'running') return { info, answeredWhileRunning };
    if (run?.job !== before) answeredWhileRunning++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const GUIDE = {
  'README.md': '# Welcome\n\nRead the [install notes](install.md).\n\n![Logo](.gitbook/assets/logo.svg)\n',
  'install.md': '# Install\n\nRun `quire start`.\n',
  '.gitbook/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-git-thread-'));
  server = await startTestServer({
    QUIRE_GIT_ALLOW_FILE: '1',
    QUIRE_JOB_THREAD_SECONDS: '5',
    // A tighter reading budget than the default (200 ms per KiB, at least 5 s): markdown is read
    // in linear time, and no text known here passes the default, so the bomb is a long list that
    // passes this one several times over (100,000 items: 1.5 to 2.5 s of reading, printing and
    // reading again on this machine, quiet, against 0.4 s), the guide's pages far within it.
    QUIRE_MARKDOWN_MS_PER_KIB: '0.5',
    QUIRE_MARKDOWN_MIN_MS: '400',
  });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('a Git import converts the repository in a job thread', () => {
  it('reads an ordinary repository: pages, their links and the files the thread held', async () => {
    const spaceId = await newSpace('Guide');
    const { info } = await importWatched(spaceId, await bareRepository('guide', GUIDE));
    expect(info.lastImport, JSON.stringify(info.lastImport)).toMatchObject({ state: 'success' });
    const pages = (await call('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages;
    expect(pages.map((page: Json) => page.title)).toEqual(['Welcome', 'Install']);
    const welcome = await call('GET', `/v1/spaces/${spaceId}/content/page/${pages[0].id}?format=markdown`);
    expect(welcome.body.markdown).toContain(`(/pages/${pages[1].id})`);
    const files = (await call('GET', `/v1/spaces/${spaceId}/content/files`)).body.items;
    expect(files).toMatchObject([{ name: 'logo.svg' }]);
    const logo = await fetch(files[0].downloadURL.replace(server.config.publicUrl, server.url));
    expect(await logo.text()).toBe(GUIDE['.gitbook/assets/logo.svg']);
  }, 60_000);

  it('a README.md that is a markdown bomb holds a markdown thread, not the server', async () => {
    const spaceId = await newSpace('Bomb');
    const bomb = await bareRepository('bomb', { 'README.md': '- a\n'.repeat(100_000) });
    const { info, answeredWhileRunning } = await importWatched(spaceId, bomb);
    // `/healthz` answered before the job ended (before: no answer for the 34 s of the conversion).
    expect(answeredWhileRunning).toBeGreaterThan(0);
    // The job thread no longer parses pages (their links are resolved as each is read): the
    // page's reading on a markdown thread passes its budget.
    expect(info.lastImport).toMatchObject({
      state: 'failure',
      error: {
        code: 'GIT_INVALID_CONTENT',
        message:
          'the source\'s page "Introduction" cannot be stored: markdown too costly to read: it took longer than the 0.4 s its 391 KiB may take',
      },
    });
    expect((await call('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);

    // The thread that passed its deadline was replaced: the next import is read.
    const next = await importWatched(spaceId, await bareRepository('after-bomb', GUIDE));
    expect(next.info.lastImport).toMatchObject({ state: 'success' });
  }, 60_000);
});
