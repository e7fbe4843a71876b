/**
 * Git Sync through real HTTP against real local bare repositories (the system `git` makes
 * and reads them; the server's own worker runs the jobs; `QUIRE_GIT_ALLOW_FILE=1`):
 * importing a hand-made repository, exporting edits as one commit marked as Quire's,
 * importing that export back changing nothing, a round trip into another space, the order
 * of runs (`timestamp`, `force`), failures that leave the content untouched, credentials
 * that never show, bad input, and the installation's removal.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { smartHttpServer } from './git-server-fixture';

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

/** A bare repository holding `files` in one commit on main (none: an empty repository). */
async function bareRepository(name: string, files: Record<string, string> = {}): Promise<string> {
  const bare = join(root, `${name}.git`);
  git(root, 'init', '--bare', '--initial-branch=main', bare);
  if (Object.keys(files).length === 0) return bare;
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

const call = (method: string, path: string, body?: unknown, token = org.admin.token) =>
  server.api(path, body === undefined ? { method, token } : { method, token, body });

async function newSpace(title: string): Promise<string> {
  const created = await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** The space's Git info once its last import or export ended (polled: the server's worker runs it). */
async function settled(spaceId: string, direction: 'lastImport' | 'lastExport', job?: string): Promise<Json> {
  for (let tries = 0; tries < 400; tries++) {
    const info = await call('GET', `/v1/spaces/${spaceId}/git/info`);
    const run = info.body?.[direction];
    if (run && run.state !== 'running' && (job === undefined || run.job !== job)) return info.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the ${direction} of ${spaceId} did not end in 20 s`);
}

async function importInto(spaceId: string, body: Json): Promise<Json> {
  const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.lastImport?.job;
  const answer = await call('POST', `/v1/spaces/${spaceId}/git/import`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  return settled(spaceId, 'lastImport', before);
}

async function exportFrom(spaceId: string, body: Json): Promise<Json> {
  const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.lastExport?.job;
  const answer = await call('POST', `/v1/spaces/${spaceId}/git/export`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  return settled(spaceId, 'lastExport', before);
}

const pagesOf = async (spaceId: string): Promise<Json[]> =>
  (await call('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages;
const markdownOf = async (spaceId: string, pageId: string): Promise<string> =>
  (await call('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown;
const headOf = async (spaceId: string): Promise<string> =>
  (await call('GET', `/v1/spaces/${spaceId}`)).body.revision;

/** Titles and nesting of a page tree. */
const outline = (pages: Json[]): Json[] => pages.map((page) => [page.title, outline(page.pages ?? [])]);

const HAND_MADE = {
  'README.md':
    '---\ndescription: Where to begin\n---\n\n# Welcome\n\nRead the [guide](guide/README.md) first.\n',
  'SUMMARY.md':
    '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n  * [Missing](guide/missing.md)\n',
  'guide/README.md': '# Guide\n\nThe guide.\n\n![Logo](../.gitbook/assets/logo.svg)\n',
  'guide/install.md': '# Install\n\nRun `quire start`.\n',
  '.gitbook/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-git-sync-'));
  server = await startTestServer({ QUIRE_GIT_ALLOW_FILE: '1', QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('import', () => {
  it('imports a hand-made repository: SUMMARY order and nesting, front matter, assets, the commit', async () => {
    const repo = await bareRepository('hand-made', HAND_MADE);
    const spaceId = await newSpace('Hand-made');
    const info = await importInto(spaceId, {
      url: repo,
      ref: 'refs/heads/main',
      repoTreeURL: 'https://git.example.com/acme/docs/blob/main',
      repoCommitURL: 'https://git.example.com/acme/docs/commit',
    });

    const commit = git(repo, 'rev-parse', 'main');
    expect(info).toMatchObject({
      repository: repo,
      ref: 'refs/heads/main',
      lastImport: { state: 'success', commit },
    });
    const pages = await pagesOf(spaceId);
    expect(outline(pages)).toEqual([
      ['Welcome', []],
      [
        'Guide',
        [
          ['Install', []],
          ['Missing', []],
        ],
      ],
    ]);
    expect(pages[0].description).toBe('Where to begin');
    expect(await markdownOf(spaceId, pages[1].pages[0].id)).toContain('Run `quire start`.');
    expect(await markdownOf(spaceId, pages[0].id)).toContain(`/pages/${pages[1].id}`);
    const revision = (await call('GET', `/v1/spaces/${spaceId}/revisions/${info.lastImport.revision}`)).body;
    expect(revision.git).toMatchObject({
      oid: commit,
      message: 'Hand-made hand-made',
      createdByGitBook: false,
    });
    expect(revision.git.url).toBe(`https://git.example.com/acme/docs/commit/${commit}`);
    expect(revision.files.map((file: Json) => [file.name, file.git.path])).toEqual([
      ['logo.svg', '.gitbook/assets/logo.svg'],
    ]);
    // Each page names the file it was read from; a listed file that is missing, none.
    const blob = (path: string) => git(repo, 'rev-parse', `main:${path}`);
    expect(pages[1].pages[0].git).toEqual({
      oid: blob('guide/install.md'),
      path: 'guide/install.md',
      url: 'https://git.example.com/acme/docs/blob/main/guide/install.md',
    });
    expect(pages[0].git.path).toBe('README.md');
    expect(pages[1].pages[1].git).toBeUndefined();
  });

  it('imports a new commit holding what the space holds: the job succeeds and the space keeps its revision', async () => {
    const repo = await bareRepository('same-content', HAND_MADE);
    const spaceId = await newSpace('Same content');
    const first = await importInto(spaceId, { url: repo, ref: 'refs/heads/main' });
    expect(first.lastImport).toMatchObject({ state: 'success' });
    const head = await headOf(spaceId);
    const work = join(root, 'same-content-work');
    git(work, 'commit', '--allow-empty', '-m', 'Nothing changed');
    git(work, 'push', repo, 'main');
    const again = await importInto(spaceId, { url: repo, ref: 'refs/heads/main' });
    expect(again.lastImport).toMatchObject({ state: 'success', commit: git(repo, 'rev-parse', 'main') });
    expect(await headOf(spaceId)).toBe(head);
  });

  it('fails on an unknown ref, or a SUMMARY leaving the project, with the content untouched', async () => {
    const spaceId = await newSpace('Untouched');
    const head = await headOf(spaceId);
    const good = await bareRepository('good', HAND_MADE);
    const unknown = await importInto(spaceId, { url: good, ref: 'refs/heads/nowhere' });
    expect(unknown.lastImport).toMatchObject({ state: 'failure', error: { code: 'GIT_UNKNOWN_REF' } });
    const escaping = await bareRepository('escaping', {
      'README.md': 'Hi',
      'SUMMARY.md': '* [Hi](README.md)\n* [Secrets](../../etc/passwd)\n',
    });
    const refused = await importInto(spaceId, { url: escaping, ref: 'refs/heads/main' });
    expect(refused.lastImport).toMatchObject({ state: 'failure', error: { code: 'GIT_INVALID_CONTENT' } });
    const empty = await bareRepository('no-markdown', { 'data.json': '{}' });
    const nothing = await importInto(spaceId, { url: empty, ref: 'refs/heads/main' });
    expect(nothing.lastImport).toMatchObject({ state: 'failure', error: { code: 'GIT_INVALID_CONTENT' } });
    expect(await headOf(spaceId)).toBe(head);
  });
});

describe('a duplicate of a synced space', () => {
  it("holds the original's content without its Git provenance: no commit, no blob on pages, files or reusable contents", async () => {
    const repo = await bareRepository('duplicated', {
      ...HAND_MADE,
      'guide/install.md': '# Install\n\nRun `quire start`.\n\n{% include "../.gitbook/includes/note.md" %}\n',
      '.gitbook/includes/note.md': '---\ntitle: Note\n---\n\nA shared note.\n',
    });
    const spaceId = await newSpace('Synced');
    const info = await importInto(spaceId, { url: repo, ref: 'refs/heads/main' });
    expect(info.lastImport).toMatchObject({ state: 'success' });
    const original = (await call('GET', `/v1/spaces/${spaceId}/revisions/${info.lastImport.revision}`)).body;
    const originalContents = (await call('GET', `/v1/spaces/${spaceId}/content/reusable-contents`)).body
      .items;
    // The original carries it (what the copy must not claim).
    expect(original.git.oid).toBe(git(repo, 'rev-parse', 'main'));
    expect(original.files[0].git.path).toBe('.gitbook/assets/logo.svg');
    expect((await pagesOf(spaceId))[0].git.path).toBe('README.md');
    expect(originalContents.map((content: Json) => content.git?.path)).toEqual(['.gitbook/includes/note.md']);

    const duplicated = await call('POST', `/v1/spaces/${spaceId}/duplicate`);
    expect(duplicated.status, JSON.stringify(duplicated.body)).toBe(201);
    const copyId = duplicated.body.id;
    const history = (await call('GET', `/v1/spaces/${copyId}/revisions`)).body;
    const first = (await call('GET', `/v1/spaces/${copyId}/revisions/${await headOf(copyId)}`)).body;
    const copyPages = await pagesOf(copyId);
    const copyContents = (await call('GET', `/v1/spaces/${copyId}/content/reusable-contents`)).body.items;
    expect(JSON.stringify([history, first, copyPages, copyContents])).not.toContain(
      git(repo, 'rev-parse', 'main'),
    );
    expect(first.git).toBeUndefined();
    expect(first.files.map((file: Json) => [file.name, file.git])).toEqual([['logo.svg', undefined]]);
    const all = (pages: Json[]): Json[] => pages.flatMap((page) => [page, ...all(page.pages ?? [])]);
    expect(all(copyPages).map((page) => page.git)).toEqual(all(copyPages).map(() => undefined));
    expect(copyContents.map((content: Json) => [content.title, content.git])).toEqual([['Note', undefined]]);
    // The same content otherwise: pages, bodies, files and reusable contents.
    expect(outline(copyPages)).toEqual(outline(await pagesOf(spaceId)));
    const originalInstall = (await pagesOf(spaceId))[1].pages[0].id;
    expect(await markdownOf(copyId, copyPages[1].pages[0].id)).toBe(
      await markdownOf(spaceId, originalInstall),
    );
    expect(first.files[0].id).toBe(original.files[0].id);
    expect(copyContents[0].document).toBe(originalContents[0].document);
  });
});

describe('over HTTP, and standalone', () => {
  it('imports over smart HTTP with credentials; wrong ones fail GIT_AUTH without showing them', async () => {
    const repo = await bareRepository('over-http', HAND_MADE);
    const http = await smartHttpServer(root, { user: 'alice', password: 'right-password' });
    try {
      const spaceId = await newSpace('Over HTTP');
      const url = (password: string) =>
        `${http.base.replace('http://', `http://alice:${password}@`)}over-http.git`;
      const refused = await importInto(spaceId, { url: url('wrong-password'), ref: 'refs/heads/main' });
      expect(refused.lastImport).toMatchObject({ state: 'failure', error: { code: 'GIT_AUTH' } });
      expect(JSON.stringify(refused)).not.toContain('password');
      const imported = await importInto(spaceId, { url: url('right-password'), ref: 'refs/heads/main' });
      expect(imported.lastImport).toMatchObject({ state: 'success', commit: git(repo, 'rev-parse', 'main') });
      expect(outline(await pagesOf(spaceId))).toEqual([
        ['Welcome', []],
        [
          'Guide',
          [
            ['Install', []],
            ['Missing', []],
          ],
        ],
      ]);
    } finally {
      await http.close();
    }
  });

  it("imports the requested ref when the server's HEAD names a missing branch; Git errors fail at once, never retried", async () => {
    const repo = await bareRepository('dangling-head', HAND_MADE);
    git(repo, 'branch', '-m', 'main', 'docs');
    git(repo, 'symbolic-ref', 'HEAD', 'refs/heads/gone');
    const http = await smartHttpServer(root);
    try {
      const spaceId = await newSpace('Dangling HEAD');
      const url = `${http.base}dangling-head.git`;
      const imported = await importInto(spaceId, { url, ref: 'refs/heads/docs' });
      expect(imported.lastImport).toMatchObject({ state: 'success', commit: git(repo, 'rev-parse', 'docs') });
      expect(outline(await pagesOf(spaceId)).map(([title]) => title)).toEqual(['Welcome', 'Guide']);

      const missing = await importInto(spaceId, { url, ref: 'refs/heads/main' });
      expect(missing.lastImport).toMatchObject({
        state: 'failure',
        error: { code: 'GIT_UNKNOWN_REF', message: 'The branch or tag does not exist in the repository' },
      });
      const job = (await call('GET', `/v1/jobs/${missing.lastImport.job}`)).body;
      expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    } finally {
      await http.close();
    }
  });

  it('writes a standalone import as a revision without moving the space to it', async () => {
    const repo = await bareRepository('standalone', HAND_MADE);
    const spaceId = await newSpace('Standalone');
    const head = await headOf(spaceId);
    const info = await importInto(spaceId, { url: repo, ref: 'refs/heads/main', standalone: true });
    expect(info.lastImport.state).toBe('success');
    expect(await headOf(spaceId)).toBe(head);
    expect(await pagesOf(spaceId)).toEqual([]);
    const revision = (await call('GET', `/v1/spaces/${spaceId}/revisions/${info.lastImport.revision}`)).body;
    expect(outline(revision.pages)).toEqual([
      ['Welcome', []],
      [
        'Guide',
        [
          ['Install', []],
          ['Missing', []],
        ],
      ],
    ]);
  });
});

describe('export', () => {
  it('exports as one commit marked as Quire’s, into a repository that has none of its blobs; importing it back changes nothing; a round trip keeps everything', async () => {
    const note = '---\ntitle: Note\n---\n\nMind the gap.\n';
    const source = await bareRepository('source', {
      ...HAND_MADE,
      'guide/README.md': `${HAND_MADE['guide/README.md']}\n{% include "../.gitbook/includes/note.md" %}\n`,
      '.gitbook/includes/note.md': note,
    });
    const spaceId = await newSpace('Exported');
    await importInto(spaceId, { url: source, ref: 'refs/heads/main' });
    const [welcome] = await pagesOf(spaceId);
    const edited = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [{ operation: 'update_page', page: welcome.id, document: { markdown: 'Welcome, edited.' } }],
    });
    expect(edited.status).toBe(200);

    const target = await bareRepository('target');
    const exported = await exportFrom(spaceId, {
      url: target,
      ref: 'refs/heads/main',
      commitMessage: 'Docs from Quire',
    });
    expect(exported.lastExport).toMatchObject({ state: 'success' });
    expect(git(target, 'rev-list', '--count', 'main')).toBe('1');
    expect(git(target, 'log', '-1', '--format=%B', 'main')).toContain('Docs from Quire');
    expect(git(target, 'ls-tree', '-r', '--name-only', 'main').split('\n')).toEqual(
      expect.arrayContaining(['README.md', 'SUMMARY.md']),
    );
    // Unchanged files were read from another repository: each is written with its bytes, so
    // every object the commit names is in this one (a missing blob fails fsck, and a push).
    git(target, 'fsck', '--strict');
    expect(git(target, 'cat-file', '-p', 'main:.gitbook/includes/note.md')).toBe(note.trim());

    // The same content again: no second commit.
    await exportFrom(spaceId, { url: target, ref: 'refs/heads/main', commitMessage: 'Again' });
    expect(git(target, 'rev-list', '--count', 'main')).toBe('1');

    // Its own export imported back: nothing changes.
    const head = await headOf(spaceId);
    const back = await importInto(spaceId, { url: target, ref: 'refs/heads/main' });
    expect(back.lastImport.state).toBe('success');
    expect(await headOf(spaceId)).toBe(head);

    // Into another space: the same pages, order and bodies.
    const copy = await newSpace('Round trip');
    await importInto(copy, { url: target, ref: 'refs/heads/main' });
    const [original, copied] = [await pagesOf(spaceId), await pagesOf(copy)];
    expect(outline(copied)).toEqual(outline(original));
    expect(await markdownOf(copy, copied[0].id)).toBe(await markdownOf(spaceId, original[0].id));
    expect(await markdownOf(copy, copied[1].pages[0].id)).toBe(
      await markdownOf(spaceId, original[1].pages[0].id),
    );
  });
});

describe('order, credentials, bad input, removal', () => {
  it('ignores an import older than the newest applied unless forced', async () => {
    const repo = await bareRepository('ordered', HAND_MADE);
    const spaceId = await newSpace('Ordered');
    const applied = await importInto(spaceId, {
      url: repo,
      ref: 'refs/heads/main',
      timestamp: '2026-05-01T10:00:00Z',
    });
    expect(applied.lastImport.state).toBe('success');
    const late = await call('POST', `/v1/spaces/${spaceId}/git/import`, {
      url: repo,
      ref: 'refs/heads/main',
      timestamp: '2026-05-01T09:00:00Z',
    });
    expect(late.status).toBe(204);
    expect((await call('GET', `/v1/spaces/${spaceId}/git/info`)).body.lastImport.job).toBe(
      applied.lastImport.job,
    );
    const forced = await importInto(spaceId, {
      url: repo,
      ref: 'refs/heads/main',
      timestamp: '2026-05-01T09:00:00Z',
      force: true,
    });
    expect(forced.lastImport.job).not.toBe(applied.lastImport.job);
  });

  it('never shows, logs or stores the credentials of a URL', async () => {
    const spaceId = await newSpace('Secret');
    const info = await importInto(spaceId, {
      url: 'https://alice:s3cret-token@127.0.0.1:9/docs.git',
      ref: 'refs/heads/main',
    });
    expect(info.repository).toBe('https://127.0.0.1:9/docs.git');
    expect(info.lastImport.state).toBe('failure');
    expect(JSON.stringify(info)).not.toContain('s3cret');
    const job = await server.services.repos.jobs.findById(info.lastImport.job);
    expect(JSON.stringify(job)).not.toContain('s3cret');
    const settings = await server.services.repos.gitSync.findBySpace(spaceId);
    expect(JSON.stringify(settings)).not.toContain('s3cret');
  });

  it('refuses bad input with a 400 naming the field, and starts nothing', async () => {
    const spaceId = await newSpace('Bad input');
    const cases: Array<[Json, string]> = [
      [{ url: 'ext::sh -c touch% /tmp/pwned', ref: 'refs/heads/main' }, 'url'],
      [{ url: 'ssh://git@example.com/repo.git', ref: 'refs/heads/main' }, 'url'],
      [{ url: 'git://example.com/repo.git', ref: 'refs/heads/main' }, 'url'],
      [{ url: 'https://example.com/repo.git', ref: 'refs/heads/../main' }, 'ref'],
      [
        { url: 'https://example.com/repo.git', ref: 'refs/heads/main', repoProjectDirectory: '../etc' },
        'repoProjectDirectory',
      ],
      [{ url: 'https://example.com/repo.git', ref: 'refs/heads/main', timestamp: 'yesterday' }, 'timestamp'],
      [{ url: 'https://example.com/repo.git' }, 'ref'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', `/v1/spaces/${spaceId}/git/import`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body.error)).toContain(field);
    }
    const noMessage = await call('POST', `/v1/spaces/${spaceId}/git/export`, {
      url: 'https://example.com/repo.git',
      ref: 'refs/heads/main',
    });
    expect(noMessage.status).toBe(400);
    expect((await call('GET', `/v1/spaces/${spaceId}/git/info`)).status).toBe(404);
  });

  it('removes the installation: 205, then 204 once it is gone, and the info is not found', async () => {
    const repo = await bareRepository('removed', HAND_MADE);
    const spaceId = await newSpace('Removed');
    await importInto(spaceId, { url: repo, ref: 'refs/heads/main' });
    expect((await call('DELETE', `/v1/spaces/${spaceId}/git/legacy-installation`)).status).toBe(205);
    expect((await call('DELETE', `/v1/spaces/${spaceId}/git/legacy-installation`)).status).toBe(204);
    expect((await call('GET', `/v1/spaces/${spaceId}/git/info`)).status).toBe(404);
    expect((await pagesOf(spaceId)).length).toBe(2);
  });
});
