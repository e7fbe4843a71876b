/**
 * The `redirects:` of a Git-synced space's `.gitbook.yaml` answered by a site showing the space,
 * through real HTTP: a repository whose content is under `root: ./docs/` is imported (Git Sync
 * from a local bare repository), the site publishes the space in a section of its own, and
 * `GET SITE/redirect?source=` answers each old path with its page, the site space's path in
 * front as GitBook's renderer asks (and without, for the default site space); keys that are
 * no path, and files no page was read from, answer nothing and the import still succeeds; an
 * export keeps `.gitbook.yaml` byte for byte; a line removed from the file stops answering at
 * the next import.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expectations';
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
      GIT_AUTHOR_NAME: 'Writer',
      GIT_AUTHOR_EMAIL: 'writer@example.test',
      GIT_COMMITTER_NAME: 'Writer',
      GIT_COMMITTER_EMAIL: 'writer@example.test',
    },
  }).trim();

const CONFIG = [
  'root: ./docs/',
  '',
  'structure:',
  '  readme: README.md',
  '  summary: SUMMARY.md',
  '',
  'redirects:',
  '  old/setup: guides/install.md',
  '  /help/contact-us/: support.md',
  '  caf%C3%A9: support.md',
  '  ../outside: support.md',
  '  gone: guides/never-written.md',
  '',
].join('\n');

const FILES: Record<string, string> = {
  '.gitbook.yaml': CONFIG,
  'docs/README.md': '# Welcome\n\nHello.\n',
  'docs/SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '* [Guides](guides/README.md)',
    '  * [Install](guides/install.md)',
    '* [Support](support.md)',
    '',
  ].join('\n'),
  'docs/guides/README.md': '# Guides\n\nAll of them.\n',
  'docs/guides/install.md': '# Install\n\nRun it.\n',
  'docs/support.md': '# Support\n\nWrite to us.\n',
};

async function writeFiles(work: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), content);
  }
}

const call = (method: string, path: string, body?: unknown) =>
  server.api(
    path,
    body === undefined ? { method, token: org.admin.token } : { method, token: org.admin.token, body },
  );

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  const response = await call(method, path, body);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** Starts an import or export and waits for the job to end (the git/info of the space says when). */
async function run(spaceId: string, direction: 'import' | 'export', body: Json): Promise<Json> {
  const key = direction === 'import' ? 'lastImport' : 'lastExport';
  const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.[key]?.job;
  const answer = await call('POST', `/v1/spaces/${spaceId}/git/${direction}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  for (let tries = 0; tries < 600; tries++) {
    const info = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body;
    const last = info?.[key];
    if (last && last.state !== 'running' && last.job !== before) {
      expect(last, JSON.stringify(last)).toMatchObject({ state: 'success' });
      return info;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the ${direction} of ${spaceId} did not end`);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-gitbook-redirects-'));
  server = await startTestServer({ QUIRE_GIT_ALLOW_FILE: '1' });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('.gitbook.yaml redirects of a Git-synced space', () => {
  it('are answered by a site showing the space, kept byte for byte by an export, and replaced by the next import', async () => {
    const bare = join(root, 'synced.git');
    const work = join(root, 'work');
    git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
    git(root, 'init', '--quiet', '--initial-branch=main', work);
    await writeFiles(work, FILES);
    git(work, 'add', '-A');
    git(work, 'commit', '--quiet', '-m', 'Docs');
    git(work, 'push', '--quiet', bare, 'main');

    const spaceId = (await ok('POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Synced' })).id;
    const ref = { url: bare, ref: 'refs/heads/main' };
    await run(spaceId, 'import', ref);
    const pages: Json[] = (await ok('GET', `/v1/spaces/${spaceId}/content/pages`)).pages;
    const byTitle = (title: string, list: Json[] = pages): Json =>
      list.flatMap((page: Json) => [page, ...(page.pages ?? [])]).find((page: Json) => page.title === title);
    const install = byTitle('Install', byTitle('Guides').pages);
    const support = byTitle('Support');

    // A site: a first section showing another space, then the synced space in a section of its own.
    const otherSpace = await ok('POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Other' });
    const site = `/v1/orgs/${org.organization.id}/sites/${(await ok('POST', `/v1/orgs/${org.organization.id}/sites`, { title: 'Docs' })).id}`;
    await ok('POST', `${site}/sections`, { spaceId: otherSpace.id, title: 'Home' });
    const section = await ok('POST', `${site}/sections`, { spaceId, title: 'Manual' });
    await ok('POST', `${site}/publish`);
    const siteSpace = section.siteSpaces[0];
    const spaceUrl = (await ok('GET', `${site}/sections`)).items[1].siteSpaces[0].urls.published;
    const resolve = (source: string) => call('GET', `${site}/redirect?source=${encodeURIComponent(source)}`);
    const targetOf = async (source: string) => {
      const answer = await resolve(source);
      expect(answer.status, `${source}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };

    // The site space's path in front, as the renderer asks for a path of a section's space.
    const setup = await targetOf(`/${section.path}/old/setup`);
    expect(setup.target).toBe(`${spaceUrl}guides/install/`);
    expect(setup.redirect).toMatchObject({
      id: `git:${siteSpace.id}:old/setup`,
      source: `/${section.path}/old/setup`,
      destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: install.id },
      permanent: false,
    });
    // Slashes at either end of a key are dropped; an escaped key matches the path it names.
    expect((await targetOf(`/${section.path}/help/contact-us`)).target).toBe(`${spaceUrl}support/`);
    expect((await targetOf(`/${section.path}/caf%C3%A9`)).target).toBe(`${spaceUrl}support/`);
    expect((await targetOf(`/${section.path}/caf%c3%a9`)).redirect.destination.pageId).toBe(support.id);
    // A `.gitbook.yaml` redirect is an exact path, not a prefix.
    expectError(await resolve(`/${section.path}/old/setup/more`), 404);
    // Keys that are no path, and files no page was read from, answer nothing.
    expectError(await resolve(`/${section.path}/gone`), 404);
    // Without the section's path, the path falls in the first section's space: nothing there.
    expectError(await resolve('/old/setup'), 404);

    // An export after an edit writes a commit, and `.gitbook.yaml` stays byte for byte.
    await ok('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [{ operation: 'update_page', page: support.id, document: { markdown: 'Mail us.\n' } }],
    });
    await run(spaceId, 'export', { ...ref, commitMessage: 'Edit' });
    expect(git(bare, 'diff', '--name-only', 'main~1', 'main')).toBe('docs/support.md');
    expect(git(bare, 'show', 'main:.gitbook.yaml')).toBe(CONFIG.trimEnd());
    expect(git(bare, 'rev-parse', 'main:.gitbook.yaml')).toBe(git(bare, 'rev-parse', 'main~1:.gitbook.yaml'));

    // The next import: a line removed stops answering, a line added answers.
    git(work, 'pull', '--quiet', bare, 'main');
    await writeFiles(work, {
      '.gitbook.yaml': CONFIG.replace('  old/setup: guides/install.md\n', '  start: README.md\n'),
    });
    git(work, 'commit', '--quiet', '-am', 'Redirects changed');
    git(work, 'push', '--quiet', bare, 'main');
    await run(spaceId, 'import', ref);
    expectError(await resolve(`/${section.path}/old/setup`), 404);
    expect((await targetOf(`/${section.path}/start`)).target).toBe(`${spaceUrl}welcome/`);
  });
});
