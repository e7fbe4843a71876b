/**
 * The server's Git repositories over real Git: local bare repositories by path and
 * `file://` URL, and the same over smart HTTP (`git http-backend` in the test, basic auth).
 * Round trips, a hand-made repository, unchanged content making no commit, unknown refs,
 * credentials (refused, and never in a message), the outbound rules, refused transports,
 * and a push refused because the branch moved.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GitExportedFile, GitExportedPage, GitImportedPage, GitWriteRequest } from '@quire/domain';
import { DirectoryBlobStore } from '@quire/persistence';
import isomorphicGit from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerGitRepositories } from '../../src/git-sync/server-git-repositories';
import {
  bareRepository,
  commitFiles,
  failureOf,
  git,
  type SmartHttpServer,
  smartHttpServer,
  temporaryFolder,
} from './git-server-fixture';
import { png } from './repository-fixture';
import { withLinksResolved } from './resolved-links';

/** A read whose pages' links are resolved as their reading resolves them (the reader leaves them). */
async function resolvedRead(
  repositories: ServerGitRepositories,
  request: Parameters<ServerGitRepositories['read']>[0],
) {
  const read = await repositories.read(request);
  return { ...read, content: withLinksResolved(read.content) };
}

const LIMITS = { maxFileBytes: 1024 * 1024, maxFiles: 5000, maxImportBytes: 64 * 1024 * 1024 };
let blobs: DirectoryBlobStore;
let local: ServerGitRepositories;

beforeAll(async () => {
  blobs = await DirectoryBlobStore.open(await temporaryFolder('quire-git-blobs-'));
  local = new ServerGitRepositories(blobs, LIMITS, { allowHosts: [], allowFile: true });
});

const page = (
  id: string,
  title: string,
  markdown: string,
  children: GitExportedPage[] = [],
): GitExportedPage => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  hidden: false,
  markdown,
  children,
});

const pages: GitExportedPage[] = [
  page('home', 'Welcome', 'See [the install](/pages/install#steps) and ![logo](/files/logo).\n'),
  page('guide', 'Guide', 'The guide.\n', [
    page('install', 'Install', '## Steps\n\nRun it.\n'),
    { ...page('faq', 'FAQ', 'Questions.\n'), description: 'Asked often', hidden: true },
  ]),
];

async function logoFile(): Promise<GitExportedFile> {
  const stored = await blobs.put(png);
  return { id: 'logo', name: 'logo.png', hash: stored.hash };
}

const writeRequest = async (url: string, more: Partial<GitWriteRequest> = {}): Promise<GitWriteRequest> => ({
  url,
  ref: 'main',
  pages,
  files: [await logoFile()],
  message: 'Export from Quire',
  author: { name: 'Quire', email: 'quire@example.com' },
  ...more,
});

const outline = (read: readonly GitImportedPage[]): unknown[] =>
  read.map((p) => (p.children.length === 0 ? p.title : [p.title, outline(p.children)]));

describe('local repositories', () => {
  it('writes pages and files, then reads back the same pages, order, bodies and files', async () => {
    const bare = await bareRepository();
    const written = await local.write(await writeRequest(bare));
    expect(written.changed).toBe(true);
    expect(written.commit.createdByService).toBe(true);
    expect(git(bare, 'rev-parse', 'refs/heads/main')).toBe(written.commit.oid);

    const { commit, content } = await resolvedRead(local, { url: bare, ref: 'refs/heads/main' });
    expect(commit).toEqual(written.commit);
    expect(outline(content.pages)).toEqual(['Welcome', ['Guide', ['Install', 'FAQ']]]);
    const [home, guide] = content.pages;
    const install = guide?.children[0];
    expect(home?.markdown).toBe(
      `See [the install](quire-import:page/${install?.ref}#steps) and ![logo](quire-import:file/${content.files[0]?.ref}).\n`,
    );
    expect(guide?.children[1]).toMatchObject({ title: 'FAQ', description: 'Asked often', hidden: true });
    expect(guide?.children[0]?.markdown).toBe('## Steps\n\nRun it.\n');
    expect(guide?.git).toEqual({ path: 'guide/README.md', oid: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(content.files).toEqual([
      expect.objectContaining({ name: 'logo.png', hash: (await logoFile()).hash, contentType: 'image/png' }),
    ]);
    expect(content.files[0]?.git.path).toBe('.gitbook/assets/logo.png');
  });

  it('makes no commit when the content has not changed', async () => {
    const bare = await bareRepository();
    const first = await local.write(await writeRequest(bare));
    const second = await local.write(await writeRequest(bare, { message: 'Again' }));
    expect(second).toEqual({ commit: first.commit, changed: false });
    expect(git(bare, 'rev-list', '--count', 'main')).toBe('1');
  });
});

describe('local repositories, hand-made', () => {
  it('reads nested README.md files, a SUMMARY.md linking to a missing file, assets and .gitbook.yaml root', async () => {
    const bare = await bareRepository();
    const oid = await commitFiles(bare, {
      'docs/.gitbook.yaml': 'root: ./content/\n',
      'docs/content/README.md': '# Home\n\nWelcome.\n',
      'docs/content/SUMMARY.md': [
        '# Table of contents',
        '',
        '* [Home](README.md)',
        '* [Guide](guide/README.md)',
        '  * [Setup](guide/setup/README.md)',
        '    * [Linux](guide/setup/linux.md)',
        '  * [Missing](guide/missing.md)',
        '',
      ].join('\n'),
      'docs/content/guide/README.md': '# Guide\n\n![shot](../.gitbook/assets/shot.png)\n',
      'docs/content/guide/setup/README.md':
        '---\ndescription: How to set up\n---\n\n# Setup\n\nSee [Linux](linux.md).\n',
      'docs/content/guide/setup/linux.md': '# Linux\n\napt install it.\n',
      'docs/content/.gitbook/assets/shot.png': png,
      'outside/README.md': '# Not read\n',
    });
    const { commit, content } = await resolvedRead(local, {
      url: pathToFileURL(bare).href,
      ref: 'main',
      projectDirectory: 'docs',
    });
    expect(commit).toEqual({ oid, message: 'Hand-made\n', createdByService: false });
    expect(outline(content.pages)).toEqual(['Home', ['Guide', [['Setup', ['Linux']], 'Missing']]]);
    const guide = content.pages[1];
    const setup = guide?.children[0];
    expect(setup).toMatchObject({
      description: 'How to set up',
      git: { path: 'docs/content/guide/setup/README.md' },
    });
    expect(setup?.markdown).toBe(`See [Linux](quire-import:page/${setup?.children[0]?.ref}).\n`);
    expect(guide?.children[1]).toMatchObject({ title: 'Missing', markdown: '', git: null });
    expect(content.files).toEqual([
      expect.objectContaining({
        name: 'shot.png',
        git: { path: 'docs/content/.gitbook/assets/shot.png', oid: expect.any(String) },
      }),
    ]);
  });

  it('keeps what is outside the project directory and what Quire does not read, writing only the content', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, {
      'package.json': '{}\n',
      'docs/old-page.md': '# Old\n',
      'docs/.github/workflow.yml': 'on: push\n',
      'docs/notes.txt': 'kept\n',
    });
    const written = await local.write(await writeRequest(bare, { projectDirectory: 'docs' }));
    expect(written.changed).toBe(true);
    expect(git(bare, 'ls-tree', '-r', '--name-only', 'main').split('\n')).toEqual([
      'docs/.gitbook/assets/logo.png',
      'docs/.github/workflow.yml',
      'docs/README.md',
      'docs/SUMMARY.md',
      'docs/guide/README.md',
      'docs/guide/faq.md',
      'docs/guide/install.md',
      'docs/notes.txt',
      'package.json',
    ]);
    expect(git(bare, 'log', '-1', '--format=%an <%ae>%n%B', 'main')).toBe(
      'Quire <quire@example.com>\nExport from Quire\n\nQuire-Sync: export',
    );
  });

  it('refuses a file over the size limit, naming it', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n', 'big.md': `# Big\n\n${'x'.repeat(2000)}\n` });
    const small = new ServerGitRepositories(
      blobs,
      { maxFileBytes: 1000, maxFiles: 10, maxImportBytes: 1_000_000 },
      { allowHosts: [], allowFile: true },
    );
    const failure = await failureOf(small.read({ url: bare, ref: 'main' }));
    expect(failure.kind).toBe('invalid-content');
    expect(failure.message).toContain('big.md');
    const few = new ServerGitRepositories(
      blobs,
      { maxFileBytes: 10_000, maxFiles: 1, maxImportBytes: 1_000_000 },
      { allowHosts: [], allowFile: true },
    );
    const tooMany = await failureOf(few.read({ url: bare, ref: 'main' }));
    expect(tooMany).toMatchObject({
      kind: 'invalid-content',
      message: expect.stringMatching(/2 files, more than the 1/),
    });
  });

  it('answers unknown-ref for a branch or tag that does not exist, and reads tags', async () => {
    const bare = await bareRepository();
    const oid = await commitFiles(bare, { 'README.md': '# Home\n' });
    git(bare, 'tag', '-a', '-m', 'Release', 'v1', oid);
    expect((await failureOf(local.read({ url: bare, ref: 'nope' }))).kind).toBe('unknown-ref');
    expect((await failureOf(local.read({ url: bare, ref: '../main' }))).kind).toBe('unknown-ref');
    expect((await local.read({ url: bare, ref: 'v1' })).commit.oid).toBe(oid);
    expect((await local.read({ url: bare, ref: 'refs/tags/v1' })).commit.oid).toBe(oid);
  });

  it('answers not-found for a folder that is no repository', async () => {
    const folder = await temporaryFolder('quire-git-none-');
    expect((await failureOf(local.read({ url: folder, ref: 'main' }))).kind).toBe('not-found');
  });

  it('refuses the push when the branch moved while the export was written', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n' });
    const other = await commitFiles(bare, { 'README.md': '# Moved\n' }, 'Elsewhere', 'other');
    let moved = false;
    const request = await writeRequest(bare, {
      progress: () => {
        if (moved) return;
        moved = true;
        git(bare, 'update-ref', 'refs/heads/main', other);
      },
    });
    const failure = await failureOf(local.write(request));
    expect(failure.kind).toBe('rejected');
    expect(git(bare, 'rev-parse', 'main')).toBe(other);
  });

  it('refuses to move a branch checked out in a work tree, and a project directory leading out', async () => {
    const work = await temporaryFolder('quire-git-checkout-');
    git(work, 'init', '--quiet', '--initial-branch=main');
    git(work, 'commit', '--quiet', '--allow-empty', '-m', 'Start');
    const before = git(work, 'rev-parse', 'main');
    expect(await failureOf(local.write(await writeRequest(work)))).toMatchObject({ kind: 'rejected' });
    expect(git(work, 'rev-parse', 'main')).toBe(before);
    expect((await local.write(await writeRequest(work, { ref: 'quire' }))).changed).toBe(true);

    const escaping = await failureOf(
      local.read({ url: work, ref: 'quire', projectDirectory: '../elsewhere' }),
    );
    expect(escaping).toMatchObject({
      kind: 'invalid-content',
      message: expect.stringContaining('repoProjectDirectory'),
    });
    const absent = await failureOf(local.read({ url: work, ref: 'quire', projectDirectory: 'docs' }));
    expect(absent).toMatchObject({ kind: 'invalid-content', message: 'The repository has no folder docs/' });
  });

  it('refuses local repositories when the server does not allow them', async () => {
    const bare = await bareRepository();
    const remoteOnly = new ServerGitRepositories(blobs, LIMITS, { allowHosts: [], allowFile: false });
    for (const url of [bare, pathToFileURL(bare).href]) {
      expect((await failureOf(remoteOnly.read({ url, ref: 'main' }))).kind).toBe('unsupported-url');
      expect((await failureOf(remoteOnly.write(await writeRequest(url)))).kind).toBe('unsupported-url');
      expect(remoteOnly.refusal(url)).toBe('Local repositories are not allowed on this server');
    }
  });
});

describe('transports', () => {
  it.each([
    'ext::sh -c touch% /tmp/pwned',
    'fd::17',
    'ssh://git@example.com/repo.git',
    'git@example.com:repo.git',
    'git://example.com/repo.git',
    'ftp://example.com/repo.git',
    'relative/path',
  ])('refuses %s', async (url) => {
    expect((await failureOf(local.read({ url, ref: 'main' }))).kind).toBe('unsupported-url');
    expect(local.refusal(url)).not.toBeNull();
  });

  it('accepts https URLs', () => {
    expect(local.refusal('https://user:token@example.com/repo.git')).toBeNull();
  });
});

describe('over smart HTTP', () => {
  let root: string;
  let open: SmartHttpServer;
  let guarded: SmartHttpServer;
  let remote: ServerGitRepositories;

  beforeAll(async () => {
    root = dirname(await bareRepository());
    open = await smartHttpServer(root);
    guarded = await smartHttpServer(root, { user: 'quire', password: 's3cret-token' });
    remote = new ServerGitRepositories(blobs, LIMITS, { allowHosts: ['127.0.0.1'], allowFile: false });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  it('writes, then reads back the same content, with credentials', async () => {
    const name = basename(await bareRepository());
    const url = `${guarded.base.replace('://', '://quire:s3cret-token@')}${name}`;
    const written = await remote.write(await writeRequest(url));
    expect(written.changed).toBe(true);
    expect(git(`${root}/${name}`, 'rev-parse', 'main')).toBe(written.commit.oid);
    expect(JSON.stringify(written)).not.toContain('s3cret');

    const { commit, content } = await resolvedRead(remote, { url, ref: 'main' });
    expect(commit).toEqual(written.commit);
    expect(outline(content.pages)).toEqual(['Welcome', ['Guide', ['Install', 'FAQ']]]);
    expect(content.pages[1]?.children[0]?.markdown).toBe('## Steps\n\nRun it.\n');
    expect(content.files.map((file) => file.name)).toEqual(['logo.png']);

    const again = await remote.write(await writeRequest(url));
    expect(again).toEqual({ commit: written.commit, changed: false });

    const changed = await remote.write(
      await writeRequest(url, { pages: [page('home', 'Welcome', 'Changed.\n')] }),
    );
    expect(changed.changed).toBe(true);
    expect(git(`${root}/${name}`, 'rev-list', '--count', 'main')).toBe('2');
    expect(git(`${root}/${name}`, 'rev-parse', 'main^')).toBe(written.commit.oid);
  });

  it('refuses wrong credentials (auth) without showing them', async () => {
    const name = basename(await bareRepository());
    const url = `${guarded.base.replace('://', '://quire:wrong-t0ken@')}${name}`;
    const failure = await failureOf(remote.read({ url, ref: 'main' }));
    expect(failure.kind).toBe('auth');
    expect(`${failure.message} ${failure.stack}`).not.toContain('wrong-t0ken');
    const missing = await failureOf(remote.read({ url: `${guarded.base}${name}`, ref: 'main' }));
    expect(missing.kind).toBe('auth');
  });

  it('reads a tag, and answers unknown-ref and not-found', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n' });
    const oid = git(bare, 'rev-parse', 'main');
    git(bare, 'tag', '-a', '-m', 'Release', 'v1', oid);
    expect((await remote.read({ url: `${open.base}${basename(bare)}`, ref: 'v1' })).commit.oid).toBe(oid);
    expect((await failureOf(remote.read({ url: `${open.base}${basename(bare)}`, ref: 'nope' }))).kind).toBe(
      'unknown-ref',
    );
    expect((await failureOf(remote.read({ url: `${open.base}no-such-repository`, ref: 'main' }))).kind).toBe(
      'not-found',
    );
  });

  it("reads the requested branch when the server's HEAD names a missing one", async () => {
    const bare = await bareRepository();
    const oid = await commitFiles(bare, { 'README.md': '# Home\n' }, 'Docs', 'docs');
    git(bare, 'symbolic-ref', 'HEAD', 'refs/heads/gone');
    const read = await remote.read({ url: `${open.base}${basename(bare)}`, ref: 'refs/heads/docs' });
    expect(read.commit.oid).toBe(oid);
    expect(read.content.pages.map((p) => p.title)).toEqual(['Home']);
  });

  it('refuses a pack holding an object over the per-file limit before indexing it', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n', 'tools/zeros.bin': new Uint8Array(3 * 1024 * 1024) });
    const indexPack = vi.spyOn(isomorphicGit, 'indexPack');
    const failure = await failureOf(remote.read({ url: `${open.base}${basename(bare)}`, ref: 'main' }));
    expect(failure).toMatchObject({
      kind: 'invalid-content',
      message: `The repository holds an object of ${3 * 1024 * 1024} bytes, more than the ${1024 * 1024} allowed (QUIRE_FILE_MAX_BYTES)`,
    });
    expect(indexPack).not.toHaveBeenCalled();
    indexPack.mockRestore();
  });

  it('refuses a private address unless its host is allowed', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n' });
    const strict = new ServerGitRepositories(blobs, LIMITS, { allowHosts: [], allowFile: false });
    const url = `${open.base.replace('://', '://quire:s3cret-token@')}${basename(bare)}`;
    const failure = await failureOf(strict.read({ url, ref: 'main' }));
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toMatch(/private/);
    expect(failure.message).not.toContain('s3cret');
    const byName = await failureOf(strict.read({ url: url.replace('127.0.0.1', 'localhost'), ref: 'main' }));
    expect(byName.kind).toBe('unreachable');
  });

  it('refuses the push when the branch moved while the export was written', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n' });
    const other = await commitFiles(bare, { 'README.md': '# Moved\n' }, 'Elsewhere', 'other');
    let moved = false;
    const request = await writeRequest(`${open.base}${basename(bare)}`, {
      progress: () => {
        if (moved) return;
        moved = true;
        git(bare, 'update-ref', 'refs/heads/main', other);
      },
    });
    expect((await failureOf(remote.write(request))).kind).toBe('rejected');
    expect(git(bare, 'rev-parse', 'main')).toBe(other);
  });

  it('checks every redirect hop: an allowed host redirecting to a refused one is refused', async () => {
    const bare = await bareRepository();
    await commitFiles(bare, { 'README.md': '# Home\n' });
    const target = open.base.replace('127.0.0.1', 'localhost');
    const redirector = createServer((request, response) => {
      response.writeHead(302, { location: `${target}${(request.url ?? '/').slice(1)}` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirector.address() as AddressInfo;
      const failure = await failureOf(
        remote.read({ url: `http://127.0.0.1:${port}/${basename(bare)}`, ref: 'main' }),
      );
      expect(failure.kind).toBe('unreachable');
      expect(failure.message).toMatch(/private/);
      const followed = new ServerGitRepositories(blobs, LIMITS, {
        allowHosts: ['127.0.0.1', 'localhost'],
        allowFile: false,
      });
      const read = await followed.read({ url: `http://127.0.0.1:${port}/${basename(bare)}`, ref: 'main' });
      expect(read.content.pages.map((p) => p.title)).toEqual(['Home']);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it('answers unreachable when nothing listens', async () => {
    const closed = await smartHttpServer(root);
    await closed.close();
    const failure = await failureOf(remote.read({ url: `${closed.base}repo`, ref: 'main' }));
    expect(failure.kind).toBe('unreachable');
  });
});
