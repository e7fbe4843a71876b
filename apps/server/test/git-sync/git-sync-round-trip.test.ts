/**
 * A repository synchronized by GitBook, imported then exported through real HTTP, keeps
 * every file where it was, byte for byte: a hand-made fixture with the properties of real
 * GitBook-synced repositories (a SUMMARY with group headings and nesting, a README per
 * folder, odd file names GitBook escapes in links, front matter with keys Quire does not
 * read, GitBook blocks, assets with spaces in their names, an image outside the assets,
 * a SUMMARY item whose file is missing, markdown the SUMMARY does not list, files that are
 * no content). An export at once changes nothing; an edited page changes
 * that page's file only; a page made in Quire gets a path from its place. `GET SPACE` shows
 * the Git Sync settings as `git/info` does.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { png } from './repository-fixture';

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
      GIT_AUTHOR_NAME: 'GitBook',
      GIT_AUTHOR_EMAIL: 'gitbook-bot@example.test',
      GIT_COMMITTER_NAME: 'GitBook',
      GIT_COMMITTER_EMAIL: 'gitbook-bot@example.test',
    },
  }).trim();

const GITBOOK_SYNCED: Record<string, string | Uint8Array> = {
  '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
  'README.md': [
    '---',
    'description: >-',
    '  The handbook of a made-up product, kept in sync by GitBook.',
    'layout:',
    '  title:',
    '    visible: true',
    '---',
    '',
    '# Handbook',
    '',
    'Start with [installing](getting-started/installing.md#on-linux).',
    '',
    '<figure><img src=".gitbook/assets/image (1).png" alt=""><figcaption><p>The screen</p></figcaption></figure>',
    '',
    '{% hint style="info" %}',
    'Hints are **GitBook** blocks.',
    '{% endhint %}',
    '',
  ].join('\n'),
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Handbook](README.md)',
    '',
    '## Getting started',
    '',
    '* [Getting started](getting-started/README.md)',
    '  * [Installing](getting-started/installing.md)',
    '  * [Errors: E\\_001](getting-started/errors/error\\_001.md)',
    '',
    '## Reference',
    '',
    '* [API reference](reference/README.md)',
    '  * [Café & Crème (v2)](reference/Caf%C3%A9%20%26%20Cr%C3%A8me%20%28v2%29.md)',
    '  * [Nested](reference/nested/README.md)',
    '    * [Deep page](reference/nested/deep-page.md)',
    '  * [Not written yet](reference/not-written-yet.md)',
    '',
  ].join('\n'),
  'getting-started/README.md': '---\nicon: rocket\n---\n\n# Getting started\n\n* Install it\n* Run it\n',
  'getting-started/installing.md':
    '# Installing\n\n## On Linux\n\n```bash\ncurl -fsSL https://example.test/install.sh | sh\n```\n\n| OS | Supported |\n| --- | --- |\n| Linux | yes |\n',
  'getting-started/errors/error_001.md':
    '---\nhidden: true\n---\n\n# Errors: E\\_001\n\nSomething_went_wrong.\n',
  'reference/README.md': '# API reference\n\nSee the [deep page](nested/deep-page.md "Deep").\n',
  'reference/Café & Crème (v2).md': '# Café & Crème (v2)\n\nAccents, spaces and brackets in a name.\n',
  'reference/nested/README.md': '# Nested\n\n![shot](shot.png)\n',
  'reference/nested/deep-page.md':
    '---\ndescription: Far down\n---\n\n# Deep page\n\nBack [home](../../README.md).\n\n<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n',
  'reference/nested/shot.png': png,
  '.gitbook/assets/image (1).png': png,
  '.gitbook/assets/diagram.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n',
  'drafts/unlisted.md': "# A draft no SUMMARY lists: no page, so never Quire's to remove\n",
  '.github/workflows/ci.yml': 'on: push\n',
  'scripts/build.sh': '#!/bin/sh\necho build\n',
};

/** A bare repository holding `files` in one commit on main. */
async function bareRepository(name: string, files: Record<string, string | Uint8Array>): Promise<string> {
  const bare = join(root, `${name}.git`);
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  const work = join(root, `${name}-work`);
  git(root, 'init', '--quiet', '--initial-branch=main', work);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), content);
  }
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

async function settled(spaceId: string, direction: 'lastImport' | 'lastExport', job?: string): Promise<Json> {
  for (let tries = 0; tries < 600; tries++) {
    const info = await call('GET', `/v1/spaces/${spaceId}/git/info`);
    const run = info.body?.[direction];
    if (run && run.state !== 'running' && (job === undefined || run.job !== job)) return info.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the ${direction} of ${spaceId} did not end in 30 s`);
}

async function run(spaceId: string, direction: 'import' | 'export', body: Json): Promise<Json> {
  const key = direction === 'import' ? 'lastImport' : 'lastExport';
  const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.[key]?.job;
  const answer = await call('POST', `/v1/spaces/${spaceId}/git/${direction}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  const info = await settled(spaceId, key, before);
  expect(info[key], JSON.stringify(info[key])).toMatchObject({ state: 'success' });
  return info;
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

/** What the last commit of main changed: `M\tpath` lines. */
const lastChanges = (repo: string) => git(repo, 'diff', '--name-status', 'main~1', 'main').split('\n');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-git-round-trip-'));
  server = await startTestServer({ QUIRE_GIT_ALLOW_FILE: '1' });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('a GitBook-synced repository, imported then exported', () => {
  it('keeps every file byte for byte; an edit changes its page only; a new page gets a path from its place', async () => {
    const repo = await bareRepository('synced', GITBOOK_SYNCED);
    const original = filesAt(repo, 'main');
    const created = await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Synced' });
    const spaceId = created.body.id;
    const ref = { url: repo, ref: 'refs/heads/main' };
    const imported = await run(spaceId, 'import', ref);

    // GET SPACE shows the Git Sync settings as git/info does.
    const space = (await call('GET', `/v1/spaces/${spaceId}`)).body;
    expect(space.gitSync).toEqual(imported);
    expect(space.gitSync).toMatchObject({ repoName: expect.any(String), url: repo });

    // At once: the same files, byte for byte, and no commit.
    const first = git(repo, 'rev-parse', 'main');
    const exported = await run(spaceId, 'export', { ...ref, commitMessage: 'Export at once' });
    expect(exported.lastExport.commit).toBe(first);
    expect(filesAt(repo, 'main')).toEqual(original);

    // One page edited: its file changes, nothing else.
    const pages: Json[] = (await call('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages;
    // `## Getting started` is a group page holding the page of the same title (issue 27, item 5).
    const startedGroup = pages.find((page) => page.title === 'Getting started');
    expect(startedGroup).toMatchObject({ type: 'group', slug: 'getting-started' });
    const started = startedGroup.pages.find((page: Json) => page.title === 'Getting started');
    expect(started.path).toBe('getting-started/getting-started');
    const installing = started.pages.find((page: Json) => page.title === 'Installing');
    const edited = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: installing.id,
          document: { markdown: '## On Linux\n\nRun the installer.\n' },
        },
      ],
    });
    expect(edited.status).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'One edit' });
    expect(lastChanges(repo)).toEqual(['M\tgetting-started/installing.md']);
    expect(git(repo, 'show', 'main:getting-started/installing.md')).toBe(
      '# Installing\n\n## On Linux\n\nRun the installer.',
    );

    // A page made in Quire: a new file beside its siblings, and the table of contents.
    const inserted = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [
        {
          operation: 'insert_page',
          into: started.id,
          title: 'Upgrading',
          document: { markdown: 'Upgrade it.\n' },
        },
      ],
    });
    expect(inserted.status).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'A new page' });
    // The table of contents is written anew: the page listed without a file gets one.
    expect(lastChanges(repo)).toEqual([
      'M\tSUMMARY.md',
      'A\tgetting-started/upgrading.md',
      'A\treference/not-written-yet.md',
    ]);
    expect(filesAt(repo, 'main').get('drafts/unlisted.md')).toBe(original.get('drafts/unlisted.md'));
    expect(git(repo, 'show', 'main:SUMMARY.md')).toContain('  * [Upgrading](getting-started/upgrading.md)');
    // Rewritten, it keeps its preamble, its group headings, its escapes: every other line as it was.
    expect(git(repo, 'show', 'main:SUMMARY.md')).toBe(
      `${(GITBOOK_SYNCED['SUMMARY.md'] as string).replace(
        '  * [Errors: E\\_001](getting-started/errors/error\\_001.md)\n',
        '$&  * [Upgrading](getting-started/upgrading.md)\n',
      )}`.trimEnd(),
    );

    // A top-level page made in Quire after the last group is listed under it (SUMMARY.md has no way out of a group).
    const appendix = await call('POST', `/v1/spaces/${spaceId}/content`, {
      changes: [{ operation: 'insert_page', title: 'Appendix', document: { markdown: 'More.\n' } }],
    });
    expect(appendix.status, JSON.stringify(appendix.body)).toBe(200);
    await run(spaceId, 'export', { ...ref, commitMessage: 'A page at the top' });
    expect(lastChanges(repo)).toEqual(['M\tSUMMARY.md', 'A\tappendix.md']);
    const summary = git(repo, 'show', 'main:SUMMARY.md');
    expect(summary.split('## Reference')[1]).toMatch(/\n\* \[Appendix\]\(appendix\.md\)$/);
    expect(summary.match(/^## .*$/gm)).toEqual(['## Getting started', '## Reference']);

    // Imported again (the commit its own export pushed: nothing to read), the space holds what
    // it exported: the groups and the page after them as they were.
    await run(spaceId, 'import', ref);
    const again: Json[] = (await call('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages;
    expect(
      again.map((page) => [page.title, page.type, page.pages.map((child: Json) => child.title)]),
    ).toEqual([
      ['Handbook', 'document', []],
      ['Getting started', 'group', ['Getting started']],
      ['Reference', 'group', ['API reference']],
      ['Appendix', 'document', []],
    ]);
    // The group kept its id through the import: it is the same group.
    expect(again[1].id).toBe(startedGroup.id);
  });
});
