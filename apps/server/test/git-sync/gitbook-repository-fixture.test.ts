/**
 * A small GitBook-format repository written for CI (`test/fixtures/gitbook-repository`: one
 * page per kind of block of GitBook's Git Sync dialect, a SUMMARY with groups, front matter
 * Quire does not read, an include, `.gitbook.yaml` redirects, assets with spaces in their
 * names), synchronized through real Git (a bare repository by path):
 *
 * - imported then exported at once, no commit: every file byte for byte (issue 27, item 5);
 * - the include file is the space's reusable content, the page including it names it by id,
 *   and written back, the include is relative to the page's file again;
 * - an edited page changes its own file only, keeping its front matter (GitBook's `cover`
 *   and `layout`); `.gitbook.yaml` and its redirects stay;
 * - a first subpage made in Quire under a page read from `x.md` makes it `x/README.md`, the
 *   subpage beside it, as GitBook lays a page with subpages out;
 * - no page shows, as text, the syntax of a construct the documents package reads
 *   (`READ_AS_BLOCKS`, extended as GitBook's blocks land; the others are listed by the
 *   measurement, `bench/gitbook-repositories.ts`).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { literalSyntaxIn } from './gitbook-syntax';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

const FIXTURE = join(__dirname, '../fixtures/gitbook-repository');

/**
 * The constructs `@quire/documents` reads into blocks today: none of their syntax may be left
 * as text on any page. Named as `LITERAL_SYNTAX` names them; add one as its block lands.
 */
const READ_AS_BLOCKS: readonly string[] = [
  '{% tag %}',
  '<details>/<summary>',
  '<a class="button">/<a>',
  '<mark>',
  '<i class="fa-…">',
  '$$ math',
  '{{ expression }}',
];
/**
 * Syntax the documents package read before issue 27, checked on its own: hints with a style
 * (one with an `icon` too is issue 27's, with the other blocks).
 */
const OTHER_TAG = /\{%\s*(?!(end)?hint\b)[a-z]/;
const HINT = /\{%\s*hint style=\\"[a-z]+\\"\s*%\}/;

let server: TestServer;
let org: TestOrganization;
let root: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'GitBook',
      GIT_AUTHOR_EMAIL: 'gitbook-bot@example.test',
      GIT_COMMITTER_NAME: 'GitBook',
      GIT_COMMITTER_EMAIL: 'gitbook-bot@example.test',
    },
  }).trim();

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** A bare repository holding the fixture (files in `changed` replaced) in one commit on main. */
async function fixtureRepository(name: string, changed: Record<string, string> = {}): Promise<string> {
  const bare = join(root, `${name}.git`);
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  const work = join(root, `${name}-work`);
  git(root, 'init', '--quiet', '--initial-branch=main', work);
  for (const file of await filesUnder(FIXTURE)) {
    const target = join(work, relative(FIXTURE, file));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, await readFile(file));
  }
  for (const [path, text] of Object.entries(changed)) await writeFile(join(work, path), text);
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', 'GITBOOK-1: No subject');
  git(work, 'push', '--quiet', bare, 'main');
  return bare;
}

const call = (method: string, path: string, body?: unknown) =>
  server.api(
    path,
    body === undefined ? { method, token: org.admin.token } : { method, token: org.admin.token, body },
  );

async function run(
  spaceId: string,
  direction: 'import' | 'export',
  body: Json,
  outcome: 'success' | 'failure' = 'success',
): Promise<Json> {
  const key = direction === 'import' ? 'lastImport' : 'lastExport';
  const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.[key]?.job;
  const answer = await call('POST', `/v1/spaces/${spaceId}/git/${direction}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  for (let tries = 0; tries < 1200; tries++) {
    const info = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body;
    const state = info?.[key];
    if (state && state.state !== 'running' && state.job !== before) {
      expect(state, JSON.stringify(state)).toMatchObject({ state: outcome });
      return info;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the ${direction} of ${spaceId} did not end in 60 s`);
}

/** Every file of the ref: path to blob oid. */
const filesAt = (repo: string, ref: string) =>
  new Map(
    git(repo, 'ls-tree', '-r', ref)
      .split('\n')
      .map((line) => {
        const [meta, path] = line.split('\t') as [string, string];
        return [path, meta.split(' ')[2] as string];
      }),
  );

/** What the last commit of main changed: `M\tpath` lines (a move as its deletion and addition). */
const lastChanges = (repo: string) =>
  git(repo, 'diff', '--no-renames', '--name-status', 'main~1', 'main').split('\n');

/** Every page of the tree, depth first. */
const flat = (pages: Json[]): Json[] => pages.flatMap((page) => [page, ...flat(page.pages ?? [])]);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-gitbook-fixture-'));
  server = await startTestServer({ QUIRE_GIT_ALLOW_FILE: '1' });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('the GitBook-format fixture repository', () => {
  it('exported at once after its import, changes no file; an edit changes its page only', async () => {
    const repo = await fixtureRepository('fixture');
    const original = filesAt(repo, 'main');
    const spaceId = (await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Field guide' }))
      .body.id;
    const ref = { url: repo, ref: 'refs/heads/main' };
    await run(spaceId, 'import', ref);
    const pages = flat((await call('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages);
    // SUMMARY's `## Guides` and `## Reference` headings are group pages holding the pages under them.
    expect(pages.map((page) => [page.title, page.type])).toEqual([
      ['Field guide', 'document'],
      ['Guides', 'group'],
      ['Guides', 'document'],
      ['Blocks', 'document'],
      ['Tabs', 'document'],
      ['Stepper', 'document'],
      ['Expandable', 'document'],
      ['Images', 'document'],
      ['Code', 'document'],
      ['Embeds and files', 'document'],
      ['Columns', 'document'],
      ['Cards', 'document'],
      ['Math', 'document'],
      ['Inline content', 'document'],
      ['Conditional content', 'document'],
      ['Reusable content', 'document'],
      ['Linking pages', 'document'],
      ['Reference', 'group'],
      ['Changelog', 'document'],
      ['API', 'document'],
      ['Café & tables', 'document'],
    ]);

    const groups = pages.filter((page) => page.type === 'group');
    expect(groups.map((group) => [group.slug, group.pages.length])).toEqual([
      ['guides', 1],
      ['reference', 3],
    ]);
    // No construct the documents package reads is left as text (a group has no document).
    for (const page of pages.filter((page) => page.type === 'document')) {
      const read = await call('GET', `/v1/spaces/${spaceId}/content/page/${page.id}?format=document`);
      expect(read.status).toBe(200);
      const left = literalSyntaxIn(read.body.document).filter((name) => READ_AS_BLOCKS.includes(name));
      expect(left, `${page.path}: ${left.join(', ')}`).toEqual([]);
      // (A hint inside a block not read yet is that block's text.)
      const text = JSON.stringify(read.body.document);
      if (!OTHER_TAG.test(text)) expect(text, page.path).not.toMatch(HINT);
    }

    // The include file is the space's reusable content; the page including it names it by id.
    const reusable = (await call('GET', `/v1/spaces/${spaceId}/content/reusable-contents`)).body;
    expect(reusable.items.map((item: Json) => item.title)).toEqual(['Safety note']);
    const including = pages.find((page) => page.title === 'Reusable content');
    const includingMarkdown = (
      await call('GET', `/v1/spaces/${spaceId}/content/page/${including.id}?format=markdown`)
    ).body.markdown;
    expect(includingMarkdown).toContain(`{% include "/reusable-contents/${reusable.items[0].id}" %}`);

    // At once: no commit, every file as it was.
    const first = git(repo, 'rev-parse', 'main');
    const exported = await run(spaceId, 'export', { ...ref, commitMessage: 'Export at once' });
    expect(exported.lastExport.commit).toBe(first);
    expect(filesAt(repo, 'main')).toEqual(original);

    // One page edited: its file alone; `.gitbook.yaml` (and its redirects) stays as it was.
    const tabs = pages.find((page) => page.title === 'Tabs');
    const edited = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [{ operation: 'update_page', page: tabs.id, document: { markdown: 'Pick your system.\n' } }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'One edit' });
    expect(lastChanges(repo)).toEqual(['M\tguides/blocks/tabs.md']);
    expect(filesAt(repo, 'main').get('.gitbook.yaml')).toBe(original.get('.gitbook.yaml'));
    expect(git(repo, 'show', 'main:.gitbook.yaml')).toContain('blocks/old-tabs: guides/blocks/tabs.md');

    // An edited page including a reusable content: the include written back relative to its file.
    const includingEdited = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: including.id,
          document: { markdown: `${includingMarkdown.trimEnd()}\n\nRead it twice.\n` },
        },
      ],
    });
    expect(includingEdited.status, JSON.stringify(includingEdited.body)).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'The including page' });
    expect(lastChanges(repo)).toEqual(['M\tguides/blocks/reusable-content.md']);
    expect(git(repo, 'show', 'main:guides/blocks/reusable-content.md')).toContain(
      '{% include "../../.gitbook/includes/safety-note.md" %}',
    );

    // An edited page keeps its file's front matter (GitBook's `cover` and `layout` too).
    const home = pages.find((page) => page.title === 'Field guide');
    const homeEdited = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [{ operation: 'update_page', page: home.id, document: { markdown: 'Welcome, walker.\n' } }],
    });
    expect(homeEdited.status, JSON.stringify(homeEdited.body)).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'The home page' });
    expect(lastChanges(repo)).toEqual(['M\tREADME.md']);
    const frontMatter = (text: string) => text.slice(0, text.indexOf('\n---\n') + 5);
    const readme = await readFile(join(FIXTURE, 'README.md'), 'utf8');
    expect(frontMatter(git(repo, 'show', 'main:README.md'))).toBe(frontMatter(readme));
    expect(git(repo, 'show', 'main:README.md')).toContain('# Field guide\n\nWelcome, walker.');

    // A first subpage made under a page read from `reference/api.md`: as GitBook lays it out,
    // the page becomes `reference/api/README.md`, its subpage beside it.
    const api = pages.find((page) => page.title === 'API');
    const inserted = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [
        { operation: 'insert_page', into: api.id, title: 'Trails', document: { markdown: 'All trails.\n' } },
      ],
    });
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'A subpage' });
    expect(lastChanges(repo)).toEqual([
      'M\tSUMMARY.md',
      'D\treference/api.md',
      'A\treference/api/README.md',
      'A\treference/api/trails.md',
    ]);
    const summary = git(repo, 'show', 'main:SUMMARY.md');
    expect(summary).toContain('* [API](reference/api/README.md)\n  * [Trails](reference/api/trails.md)\n');
    expect(git(repo, 'show', 'main:reference/api/README.md')).toMatch(/^---\nhidden: true\n---\n\n# API\n/);
    expect(summary).toContain('## Guides <a href="#guides" id="guides"></a>\n');
  });

  it.each([
    [
      'a malformed .gitbook.yaml',
      { '.gitbook.yaml': 'root: ./\nstructure: [README.md\n' },
      /^\.gitbook\.yaml is not valid YAML/,
    ],
    [
      'a SUMMARY.md linking out of the repository',
      { 'SUMMARY.md': '* [Field guide](README.md)\n* [Secrets](../../etc/passwd)\n' },
      /^SUMMARY\.md links to "\.\.\/\.\.\/etc\/passwd", outside the content$/,
    ],
  ])('with %s: the import fails saying why, and the space keeps its content', async (_, changed, message) => {
    const spaceId = (await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Kept' })).body.id;
    const good = await fixtureRepository(`good-${spaceId}`);
    await run(spaceId, 'import', { url: good, ref: 'refs/heads/main' });
    const before = (await call('GET', `/v1/spaces/${spaceId}/content`)).body.id;
    const bad = await fixtureRepository(`bad-${spaceId}`, changed);
    const info = await run(spaceId, 'import', { url: bad, ref: 'refs/heads/main' }, 'failure');
    expect(info.lastImport.error).toMatchObject({
      code: 'GIT_INVALID_CONTENT',
      message: expect.stringMatching(message),
    });
    expect((await call('GET', `/v1/spaces/${spaceId}/content`)).body.id).toBe(before);
  });
});
