/**
 * Reading hand-made GitBook repositories: nested README.md files, a SUMMARY.md with links
 * to missing files, front matter, assets, `.gitbook.yaml` and the project directory; each
 * page and file keeps its git path and oid.
 */
import { describe, expect, it } from 'vitest';
import { readRepository } from '../../src/git-sync/read-repository';
import { blobOid, flatten, importedFiles, LIMITS, outline, png, repositoryTree } from './repository-fixture';
import { withLinksResolved } from './resolved-links';

const handMade = {
  'README.md':
    '---\ndescription: Where it starts\nicon: house\n---\n\n# Welcome\n\nSee [install](guide/install.md#steps) and [the guide](guide/).\n',
  'guide/README.md': '# Guide\n\n![diagram](../.gitbook/assets/diagram.png)\n',
  'guide/install.md':
    '---\nhidden: true\nemoji: "🚀"\n---\n\n# Install\n\nBack [home](../README.md). [Manual](../.gitbook/assets/manual.pdf)\n',
  'guide/deep/README.md': '# Deep\n\nA page under a folder page.\n',
  'guide/deep/deeper.md': '# Deeper\n',
  'reference/api.md': '---\nhidden: "yes"\ndescription: 3\n---\n# API\n',
  'images/photo.png': png,
  '.gitbook/assets/diagram.png': png,
  '.gitbook/assets/manual.pdf': '%PDF-1.4 not really',
  '.github/workflows/ci.md': '# not content',
  'notes.txt': 'not a page',
};

describe('reading a repository without SUMMARY.md', () => {
  it('nests by folders, README.md as the folder page, links, settings and git sources read', async () => {
    const tree = repositoryTree(handMade);
    const content = withLinksResolved(await readRepository(tree, await importedFiles(), LIMITS));
    expect(outline(content.pages)).toEqual([
      'Welcome',
      ['Guide', [['Deep', ['Deeper']], 'Install']],
      ['Reference', ['API']],
    ]);
    const pages = new Map(flatten(content.pages).map((page) => [page.title, page]));
    const page = (title: string) => pages.get(title);
    const fileRef = (path: string) => content.files.find((file) => file.git.path === path)?.ref;
    expect(page('Welcome')).toMatchObject({
      description: 'Where it starts',
      icon: 'house',
      hidden: false,
      git: { path: 'README.md', oid: blobOid(new TextEncoder().encode(handMade['README.md'])) },
      markdown: `See [install](quire-import:page/${page('Install')?.ref}#steps) and [the guide](quire-import:page/${page('Guide')?.ref}).\n`,
    });
    expect(page('Install')).toMatchObject({
      hidden: true,
      emoji: '🚀',
      git: { path: 'guide/install.md' },
      markdown: `Back [home](quire-import:page/${page('Welcome')?.ref}). [Manual](quire-import:file/${fileRef('.gitbook/assets/manual.pdf')})\n`,
    });
    expect(page('Guide')?.markdown).toBe(
      `![diagram](quire-import:file/${fileRef('.gitbook/assets/diagram.png')})\n`,
    );
    // A field of the wrong shape is left out, the page still read.
    expect(page('API')).toMatchObject({ hidden: false, markdown: '' });
    expect(page('API')).not.toHaveProperty('description');
    // A folder with no README.md is a page with no file.
    expect(page('Reference')).toMatchObject({ git: null, markdown: '' });
    expect(content.files.map((file) => [file.git.path, file.name, file.contentType])).toEqual([
      ['images/photo.png', 'photo.png', 'image/png'],
      ['.gitbook/assets/diagram.png', 'diagram.png', 'image/png'],
      ['.gitbook/assets/manual.pdf', 'manual.pdf', 'application/pdf'],
    ]);
    expect(content.files[0]?.git.oid).toBe(blobOid(png));
  });
});

describe('reading a repository with SUMMARY.md', () => {
  it('follows it for order, nesting and titles; a link to a missing file is a page with no body', async () => {
    const summary = [
      '# Table of contents',
      '',
      '* [Start here](README.md)',
      '',
      '## Guides',
      '',
      '* [The API](reference/api.md)',
      '  * [Not written yet](reference/missing.md)',
      '    * [Installing](guide/install.md)',
      '* [Guide](guide/)',
      '  * [Gone too](nowhere/)',
      '* [Start again](README.md)',
    ].join('\n');
    const content = await readRepository(
      repositoryTree({ ...handMade, 'SUMMARY.md': summary }),
      await importedFiles(),
      LIMITS,
    );
    // The `## Guides` heading is a group page holding the pages listed under it (issue 27, item 5).
    expect(outline(content.pages)).toEqual([
      'Start here',
      [
        'Guides',
        [
          ['The API', [['Not written yet', ['Installing']]]],
          ['Guide', ['Gone too']],
          // A file already listed is not read twice.
          'Start again',
        ],
      ],
    ]);
    const [start, guides] = content.pages;
    expect(guides).toMatchObject({ type: 'group', title: 'Guides', markdown: '', git: null, hidden: false });
    const [api, guide, again] = guides?.children ?? [];
    expect(start).toMatchObject({ git: { path: 'README.md' }, description: 'Where it starts' });
    expect(api?.children[0]).toMatchObject({
      title: 'Not written yet',
      markdown: '',
      git: null,
      hidden: false,
    });
    expect(api?.children[0]?.children[0]).toMatchObject({ git: { path: 'guide/install.md' }, hidden: true });
    expect(guide).toMatchObject({ git: { path: 'guide/README.md' } });
    expect(guide?.children[0]).toMatchObject({ markdown: '', git: null });
    expect(again).toMatchObject({ markdown: '', git: null });
  });

  it('reads SUMMARY links with backslash escapes as CommonMark does (GitBook writes error\\_001.md)', async () => {
    const tree = repositoryTree({
      'README.md': '# Home\n',
      'SUMMARY.md': '* [Home](README.md)\n* [E\\_001](errors/error\\_001.md)\n',
      'errors/error_001.md': '# E\\_001\n\nSomething went wrong.\n',
    });
    const content = withLinksResolved(await readRepository(tree, await importedFiles(), LIMITS));
    expect(outline(content.pages)).toEqual(['Home', 'E_001']);
    expect(content.pages[1]).toMatchObject({
      git: { path: 'errors/error_001.md' },
      markdown: 'Something went wrong.\n',
    });
  });

  it('reads the content under the project directory and .gitbook.yaml root, with its structure', async () => {
    const tree = repositoryTree({
      'README.md': '# The repository, not the docs\n',
      'site/docs/README.md': '# Not the first page\n',
      'site/.gitbook.yaml':
        'root: ./docs/\nstructure:\n  readme: intro.md\n  summary: toc.md\nredirects:\n  old: intro.md\n',
      'site/docs/intro.md': '# Intro\n\nRead [more](more/page.md).\n',
      'site/docs/more/page.md': '# Page\n',
      'site/docs/toc.md': '* [Intro](intro.md)\n* [More](more/page.md)\n',
    });
    const content = await readRepository(tree, await importedFiles(), {
      ...LIMITS,
      projectDirectory: 'site/',
    });
    expect(outline(content.pages)).toEqual(['Intro', 'More']);
    expect(content.pages.map((page) => page.git?.path)).toEqual([
      'site/docs/intro.md',
      'site/docs/more/page.md',
    ]);
    expect(content.config).toEqual({
      root: 'docs',
      structure: { readme: 'intro.md', summary: 'toc.md' },
      redirects: { old: 'intro.md' },
    });
  });

  it('without a summary, the readme .gitbook.yaml names is the first page', async () => {
    const tree = repositoryTree({
      '.gitbook.yaml': 'structure:\n  readme: start.md\n',
      'a.md': '# A\n',
      'start.md': '# Start\n',
    });
    const content = withLinksResolved(await readRepository(tree, await importedFiles(), LIMITS));
    expect(outline(content.pages)).toEqual(['Start', 'A']);
  });
});

describe('repositories refused', () => {
  it.each([
    [
      'no markdown at all',
      { 'a.txt': 'x', 'b.png': png },
      undefined,
      'The repository holds no markdown file',
    ],
    [
      'no markdown under the project directory',
      { 'README.md': '# x', 'docs/a.png': png },
      'docs',
      'docs/ holds no markdown file',
    ],
  ])('%s', async (_, files, projectDirectory, message) => {
    await expect(
      readRepository(repositoryTree(files), await importedFiles(), {
        ...LIMITS,
        ...(projectDirectory ? { projectDirectory } : {}),
      }),
    ).rejects.toMatchObject({ reason: 'empty', message });
  });

  it('refuses a file over the size limit, naming it', async () => {
    const tree = repositoryTree({ 'README.md': '# Hi', 'guide/big.md': `# Big\n${'x'.repeat(2000)}` });
    await expect(readRepository(tree, await importedFiles(), { maxFileBytes: 1000 })).rejects.toMatchObject({
      reason: 'too-large',
      message: 'guide/big.md is 2006 bytes, more than the 1000 allowed',
    });
  });

  it('ignores a large file it does not read', async () => {
    const tree = repositoryTree({ 'README.md': '# Hi', 'video.bin': new Uint8Array(5000) });
    await expect(readRepository(tree, await importedFiles(), { maxFileBytes: 1000 })).resolves.toBeDefined();
  });
});
