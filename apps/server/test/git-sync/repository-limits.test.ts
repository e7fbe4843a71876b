/**
 * A Git import's limits over real repositories made by the system `git`: a repository bomb
 * (20 tree entries naming one 2 MB blob) refused by the total before any blob is read; a
 * file over the per-file limit refused, naming it, unread; too many files; and the object
 * sizes read without inflating objects, checked against `git cat-file -s` for loose objects,
 * packed ones and deltas.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quire/persistence';
import git from 'isomorphic-git';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GitObjectSizes } from '../../src/git-sync/git-object-sizes';
import { ServerGitRepositories } from '../../src/git-sync/server-git-repositories';
import { bareRepository, commitFiles, failureOf, git as run, temporaryFolder } from './git-server-fixture';

const MB = 1024 * 1024;
let blobs: DirectoryBlobStore;

beforeAll(async () => {
  blobs = await DirectoryBlobStore.open(await temporaryFolder('quire-git-blobs-'));
});
afterEach(() => vi.restoreAllMocks());

const repositories = (limits: { maxFileBytes: number; maxFiles: number; maxImportBytes: number }) =>
  new ServerGitRepositories(blobs, limits, { allowHosts: [], allowFile: true });

/** A bare repository whose main holds README.md and `count` entries naming one blob of `bytes`. */
async function bomb(bytes: Buffer, count: number, name = (index: number) => `page-${index}.md`) {
  const bare = await bareRepository();
  const file = join(await temporaryFolder('quire-git-bomb-'), 'blob');
  writeFileSync(file, bytes);
  const blob = run(bare, 'hash-object', '-w', file);
  writeFileSync(file, '# Home\n');
  const readme = run(bare, 'hash-object', '-w', file);
  const lines = [`100644 blob ${readme}\tREADME.md`];
  for (let index = 0; index < count; index++) lines.push(`100644 blob ${blob}\t${name(index)}`);
  const tree = execFileSync('git', ['mktree'], {
    cwd: bare,
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
  }).trim();
  const commit = run(bare, 'commit-tree', tree, '-m', 'Bomb');
  run(bare, 'update-ref', 'refs/heads/main', commit);
  return { bare, blob };
}

/** An export of nothing new to the repository at `bare`, under `limits`. */
const exportTo = (bare: string, limits: { maxFileBytes: number; maxFiles: number; maxImportBytes: number }) =>
  repositories(limits).write({
    url: bare,
    ref: 'main',
    pages: [],
    files: [],
    message: 'Export',
    author: { name: 'Quire', email: 'quire@example.com' },
  });

describe('a repository bomb', () => {
  it('refuses 20 entries naming one 2 MB blob over a 10 MB total, reading none of it', async () => {
    const zeros = Buffer.alloc(2 * MB, 'a');
    const { bare, blob } = await bomb(zeros, 20);
    const readBlob = vi.spyOn(git, 'readBlob');
    const failure = await failureOf(
      repositories({ maxFileBytes: 3 * MB, maxFiles: 100, maxImportBytes: 10 * MB }).read({
        url: bare,
        ref: 'main',
      }),
    );
    expect(failure.kind).toBe('invalid-content');
    expect(failure.message).toBe(
      `The repository's files take more than the ${10 * MB} bytes an import may read (QUIRE_GIT_MAX_BYTES)`,
    );
    expect(readBlob.mock.calls.filter(([args]) => args.oid === blob)).toHaveLength(0);
  });

  it('reads the blob once when the entries fit the total, each entry a page', async () => {
    const { bare, blob } = await bomb(Buffer.from('# Same\n\nThe same page.\n'), 20);
    const readBlob = vi.spyOn(git, 'readBlob');
    const { content } = await repositories({ maxFileBytes: MB, maxFiles: 100, maxImportBytes: MB }).read({
      url: bare,
      ref: 'main',
    });
    expect(content.pages).toHaveLength(21);
    expect(readBlob.mock.calls.filter(([args]) => args.oid === blob)).toHaveLength(1);
  });

  it('refuses a file over the per-file limit, naming it, without reading it', async () => {
    const { bare, blob } = await bomb(Buffer.alloc(2 * MB, 'b'), 1, () => 'big.md');
    const readBlob = vi.spyOn(git, 'readBlob');
    const failure = await failureOf(
      repositories({ maxFileBytes: MB, maxFiles: 100, maxImportBytes: 10 * MB }).read({
        url: bare,
        ref: 'main',
      }),
    );
    expect(failure).toMatchObject({
      kind: 'invalid-content',
      message: `big.md is ${2 * MB} bytes, more than the ${MB} allowed (QUIRE_FILE_MAX_BYTES)`,
    });
    expect(readBlob.mock.calls.filter(([args]) => args.oid === blob)).toHaveLength(0);
  });

  it('skips, unread, a large file the import could not take', async () => {
    const { bare, blob } = await bomb(Buffer.alloc(2 * MB, 'c'), 1, () => 'archive.bin');
    const readBlob = vi.spyOn(git, 'readBlob');
    const { content } = await repositories({ maxFileBytes: MB, maxFiles: 100, maxImportBytes: 10 * MB }).read(
      {
        url: bare,
        ref: 'main',
      },
    );
    expect(content.pages.map((page) => page.title)).toEqual(['Home']);
    expect(readBlob.mock.calls.filter(([args]) => args.oid === blob)).toHaveLength(0);
  });

  it('refuses more files than allowed, naming the limit', async () => {
    const { bare } = await bomb(Buffer.from('# Same\n'), 20);
    const failure = await failureOf(
      repositories({ maxFileBytes: MB, maxFiles: 10, maxImportBytes: MB }).read({ url: bare, ref: 'main' }),
    );
    expect(failure.message).toBe(
      'The repository holds 21 files, more than the 10 allowed (QUIRE_GIT_MAX_FILES)',
    );
  });
});

/**
 * A bare repository whose main holds README.md and `folder`: a tree bomb of `depth` levels,
 * each a tree naming the next `width` times (the last names one small page `width` times):
 * `depth` + 1 small tree objects unfolding into `width ** depth` paths.
 */
async function treeBomb(width: number, depth: number, folder = 'docs') {
  const bare = await bareRepository();
  const file = join(await temporaryFolder('quire-git-bomb-'), 'page');
  writeFileSync(file, '# Page\n');
  const page = run(bare, 'hash-object', '-w', file);
  const tree = (lines: string[]) =>
    execFileSync('git', ['mktree'], { cwd: bare, input: `${lines.join('\n')}\n`, encoding: 'utf8' }).trim();
  let level = tree(Array.from({ length: width }, (_, index) => `100644 blob ${page}\tpage-${index}.md`));
  for (let step = 1; step < depth; step++)
    level = tree(Array.from({ length: width }, (_, index) => `040000 tree ${level}\tfolder-${index}`));
  const root = tree([`100644 blob ${page}\tREADME.md`, `040000 tree ${level}\t${folder}`]);
  run(bare, 'update-ref', 'refs/heads/main', run(bare, 'commit-tree', root, '-m', 'Tree bomb'));
  return bare;
}

describe('a tree bomb', () => {
  const limits = { maxFileBytes: MB, maxFiles: 100, maxImportBytes: MB };
  const refusal = {
    kind: 'invalid-content',
    message: "The repository's folder lists more than 400 files and folders",
  };

  it('refuses an import whose trees unfold into 810,000 paths, having walked a few trees', async () => {
    const bare = await treeBomb(30, 4);
    const readTree = vi.spyOn(git, 'readTree');
    const failure = await failureOf(repositories(limits).read({ url: bare, ref: 'main' }));
    expect(failure).toMatchObject(refusal);
    expect(readTree.mock.calls.length).toBeLessThan(30);
  });

  it('counts a hidden folder too', async () => {
    const bare = await treeBomb(30, 4, '.cache');
    const failure = await failureOf(repositories(limits).read({ url: bare, ref: 'main' }));
    expect(failure).toMatchObject(refusal);
  });

  it('refuses an export over one, having walked a few trees', async () => {
    const bare = await treeBomb(30, 4);
    const readTree = vi.spyOn(git, 'readTree');
    const failure = await failureOf(exportTo(bare, limits));
    expect(failure).toMatchObject(refusal);
    expect(readTree.mock.calls.length).toBeLessThan(30);
  });
});

describe("an export's reads of the files it keeps", () => {
  it('reads a blob that 50 entries name once, to see whether it is an image', async () => {
    const { bare, blob } = await bomb(Buffer.alloc(64 * 1024, 'd'), 50, (index) => `archive-${index}.bin`);
    const readBlob = vi.spyOn(git, 'readBlob');
    await exportTo(bare, { maxFileBytes: MB, maxFiles: 100, maxImportBytes: MB });
    expect(readBlob.mock.calls.filter(([args]) => args.oid === blob)).toHaveLength(1);
    expect(run(bare, 'ls-tree', '--name-only', 'main').split('\n')).toContain('archive-49.bin');
  });

  it('never reads a blob over the file limit, and keeps its entries', async () => {
    const { bare, blob } = await bomb(Buffer.alloc(2 * MB, 'e'), 20, (index) => `archive-${index}.bin`);
    const readBlob = vi.spyOn(git, 'readBlob');
    await exportTo(bare, { maxFileBytes: MB, maxFiles: 100, maxImportBytes: MB });
    expect(readBlob.mock.calls.filter(([args]) => args.oid === blob)).toHaveLength(0);
    expect(run(bare, 'ls-tree', '--name-only', 'main').split('\n')).toContain('archive-19.bin');
  });
});

describe('object sizes', () => {
  it('match git cat-file -s for loose objects, packed objects and deltas', async () => {
    const bare = await bareRepository();
    const base = randomBytes(300_000).toString('base64');
    await commitFiles(bare, {
      'README.md': '# Home\n',
      'a.md': base,
      'b.md': `${base.slice(0, 200_000)}changed${base.slice(200_000)}`,
      'empty.md': '',
      'zeros.bin': Buffer.alloc(3 * MB),
    });
    const objects = () =>
      run(bare, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objectsize)')
        .split('\n')
        .map((line) => line.split(' ') as [string, string]);
    const check = async () => {
      const sizes = new GitObjectSizes(bare);
      for (const [oid, size] of objects()) expect(await sizes.sizeOf(oid)).toBe(Number(size));
    };
    await check();
    run(bare, 'repack', '-a', '-d', '-f', '--window=10', '--depth=5');
    expect(run(bare, 'count-objects', '-v')).toMatch(/in-pack: [1-9]/);
    const deltas = run(bare, 'cat-file', '--batch-all-objects', '--batch-check=%(deltabase)')
      .split('\n')
      .filter((base) => !/^0+$/.test(base));
    expect(deltas.length).toBeGreaterThan(0);
    await check();
    expect(await new GitObjectSizes(bare).sizeOf('0'.repeat(40))).toBeUndefined();
  });
});
