import { describe, expect, it } from 'vitest';
import {
  exportIncludes,
  importIncludes,
  includeCycles,
  includeFileText,
  includePaths,
  includeTarget,
  includeTitle,
  mapIncludeTags,
  relativePath,
  resolveIncludes,
} from '../../src/git-sync/reusable-content-includes';

const git = (path: string) => ({ oid: `oid-${path}`, path });

describe('include paths', () => {
  it('resolve relative to the including file, from the root with "/", never above the root', () => {
    expect(includeTarget('guides/install.md', '../.gitbook/includes/backups.md')).toBe(
      '.gitbook/includes/backups.md',
    );
    expect(includeTarget('README.md', '.gitbook/includes/a.md')).toBe('.gitbook/includes/a.md');
    expect(includeTarget('a/b/c.md', '../../.gitbook/includes/x.md')).toBe('.gitbook/includes/x.md');
    expect(includeTarget('a/b.md', '/.gitbook/includes/x.md')).toBe('.gitbook/includes/x.md');
    expect(includeTarget('a.md', '../../etc/passwd')).toBeNull();
    expect(includeTarget('.gitbook/includes/a.md', 'b.md')).toBe('.gitbook/includes/b.md');
  });

  it('are written relative to the file again', () => {
    expect(relativePath('guides/install.md', '.gitbook/includes/backups.md')).toBe(
      '../.gitbook/includes/backups.md',
    );
    expect(relativePath('README.md', '.gitbook/includes/a.md')).toBe('.gitbook/includes/a.md');
    expect(relativePath('.gitbook/includes/a.md', '.gitbook/includes/b.md')).toBe('b.md');
    for (const [from, to] of [
      ['a/b/c.md', '.gitbook/includes/x.md'],
      ['x.md', '.gitbook/includes/y.md'],
      ['.gitbook/includes/a.md', '.gitbook/includes/b.md'],
    ] as const) {
      expect(includeTarget(from, relativePath(from, to))).toBe(to);
    }
  });
});

describe('mapIncludeTags', () => {
  it('rewrites include lines, keeps their indentation, and leaves fenced code and other tags alone', () => {
    const markdown = [
      '# Title',
      '',
      '{% include "../.gitbook/includes/a.md" %}',
      '',
      '* item',
      '',
      '  {% include "../.gitbook/includes/b.md" %}',
      '',
      '```md',
      '{% include "../.gitbook/includes/a.md" %}',
      '```',
      '',
      '{% embed url="https://example.com" %}',
      'text {% include "inline.md" %} is not a tag line',
      '',
    ].join('\n');
    const mapped = mapIncludeTags(markdown, (argument) => argument.replace('../.gitbook/includes/', '/x/'));
    expect(mapped.includes).toEqual(['../.gitbook/includes/a.md', '../.gitbook/includes/b.md']);
    expect(mapped.markdown).toBe(
      markdown
        .replace('{% include "../.gitbook/includes/a.md" %}\n\n*', '{% include "/x/a.md" %}\n\n*')
        .replace('  {% include "../.gitbook/includes/b.md" %}', '  {% include "/x/b.md" %}'),
    );
  });

  // A bound on finishing, not a measure (`bench/` measures): read in one pass, these take
  // milliseconds.
  it('reads 64 KB of unclosed tags and fences', () => {
    expect(mapIncludeTags('{% include "'.repeat(6_000), () => 'x').includes).toEqual([]);
    mapIncludeTags('```\n{% include "a" %}\n'.repeat(3_000), () => 'x');
  }, 20_000);
});

describe('include files', () => {
  it('take their title from the front matter, else the leading heading (taken out), else the file name', () => {
    expect(
      includeTitle({ path: '.gitbook/includes/a.md', frontMatterTitle: 'Feature Request', body: '## Hi\n' }),
    ).toEqual({
      title: 'Feature Request',
      body: '## Hi\n',
    });
    expect(includeTitle({ path: '.gitbook/includes/a.md', body: '# Backups\n\nCopy.\n' })).toEqual({
      title: 'Backups',
      body: 'Copy.\n',
    });
    expect(includeTitle({ path: '.gitbook/includes/need-help.md', body: 'Ask.\n' })).toEqual({
      title: 'need-help',
      body: 'Ask.\n',
    });
  });

  it.each([
    ['closing hashes', '# Backups ##\r\n\n\nCopy.\n', 'Backups', 'Copy.\n'],
    ['blank lines before it', '\n\n#   Backups\n', 'Backups', ''],
    ['no line after it', '# Backups', 'Backups', ''],
    ['a lone carriage return after it', '# Backups\rCopy.\n', 'a', '# Backups\rCopy.\n'],
    ['no text', '# \nCopy.\n', 'a', '# \nCopy.\n'],
  ])('take a leading heading with %s as before', (_, body, title, rest) => {
    expect(includeTitle({ path: '.gitbook/includes/a.md', body })).toEqual({ title, body: rest });
  });

  it('read a leading heading in linear time', () => {
    // On the job's thread, the server's: each length of the title tried against the spaces
    // after it, 200,000 of them took minutes, past this test's time limit (a bound on
    // finishing, not a measure; `bench/` measures).
    const body = `# Backups${' '.repeat(200_000)}now\n\nCopy.\n`;
    expect(includeTitle({ path: '.gitbook/includes/a.md', body })).toEqual({
      title: `Backups${' '.repeat(200_000)}now`,
      body: 'Copy.\n',
    });
  }, 20_000);

  it('are written as GitBook writes them', () => {
    expect(includeFileText('Feature Request', '## Ideas\n')).toBe(
      '---\ntitle: Feature Request\n---\n\n## Ideas\n',
    );
    expect(includeFileText('Note: "x"', 'B\n')).toBe('---\ntitle: "Note: \\"x\\""\n---\n\nB\n');
  });
});

describe('importIncludes and exportIncludes', () => {
  const files = [
    {
      path: '.gitbook/includes/a.md',
      frontMatterTitle: 'A',
      body: 'A body.\n\n{% include "b.md" %}\n',
      git: git('.gitbook/includes/a.md'),
    },
    { path: '.gitbook/includes/b.md', body: '# B\n\nB body.\n', git: git('.gitbook/includes/b.md') },
  ];
  let n = 0;
  const env = { newId: () => `id${++n}`, now: '2026-01-01T00:00:00.000Z', position: (i: number) => `a${i}` };

  it('gives each file a reusable content, resolves includes to ids, names the missing ones', () => {
    const imported = importIncludes(files, new Map(), new Map(), env);
    const [a, b] = [
      imported.idOfPath.get('.gitbook/includes/a.md'),
      imported.idOfPath.get('.gitbook/includes/b.md'),
    ];
    expect(imported.reusableContents.get(a as string)).toMatchObject({
      title: 'A',
      slug: 'a',
      git: files[0]?.git,
    });
    expect(imported.reusableContents.get(b as string)).toMatchObject({ title: 'B', slug: 'b' });
    const bodyOfA = imported.bodies.get(imported.reusableContents.get(a as string)?.body as string);
    expect(bodyOfA?.markdown).toBe(`A body.\n\n{% include "/reusable-contents/${b}" %}\n`);
    const missing: string[] = [];
    const page = resolveIncludes(
      '{% include "../.gitbook/includes/a.md" %}\n\n{% include "../.gitbook/includes/gone.md" %}\n',
      'guides/page.md',
      imported.idOfPath,
      missing,
    );
    expect(page).toBe(
      `{% include "/reusable-contents/${a}" %}\n\n{% include "../.gitbook/includes/gone.md" %}\n`,
    );
    expect(missing).toEqual(['guides/page.md: ../.gitbook/includes/gone.md']);
  });

  it('keeps ids and stored objects of the files read before, and round-trips the paths on export', () => {
    const first = importIncludes(files, new Map(), new Map(), env);
    const markdownOf = new Map([...first.bodies].map(([address, body]) => [address, body.markdown]));
    const again = importIncludes(files, first.reusableContents, markdownOf, env);
    expect([...again.idOfPath]).toEqual([...first.idOfPath]);
    expect(again.bodies.size).toBe(0);
    for (const [id, content] of again.reusableContents)
      expect(content).toEqual(first.reusableContents.get(id));

    const exported = [...first.reusableContents.values()].map((content) => ({
      id: content.id,
      title: content.title,
      slug: content.slug,
      markdown: markdownOf.get(content.body) as string,
      git: content.git,
    }));
    const paths = includePaths(exported, '');
    expect([...paths.values()]).toEqual(['.gitbook/includes/a.md', '.gitbook/includes/b.md']);
    const a = exported[0]!;
    expect(exportIncludes(a.markdown, paths.get(a.id) as string, paths)).toBe(
      'A body.\n\n{% include "b.md" %}\n',
    );
    const page = resolveIncludes(
      '{% include "../.gitbook/includes/a.md" %}\n',
      'guides/page.md',
      first.idOfPath,
    );
    expect(exportIncludes(page, 'guides/page.md', paths)).toBe('{% include "../.gitbook/includes/a.md" %}\n');
  });

  it('puts a reusable content made in Quire at its slug, unique among the files', () => {
    const paths = includePaths(
      [
        { id: 'x', title: 'X', slug: 'note', markdown: '' },
        { id: 'y', title: 'Y', slug: 'note', markdown: '', git: git('.gitbook/includes/note.md') },
      ],
      '',
    );
    expect(paths.get('y')).toBe('.gitbook/includes/note.md');
    expect(paths.get('x')).toBe('.gitbook/includes/note-2.md');
  });
});

describe('includeCycles', () => {
  it('names each cycle once, and none in a chain', () => {
    expect(
      includeCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c', 'a']],
          ['c', []],
          ['d', ['d']],
          ['e', ['missing']],
        ]),
      ),
    ).toEqual([['a', 'b'], ['d']]);
    const chain = new Map(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, [`f${i + 1}`]] as const));
    expect(includeCycles(chain)).toEqual([]);
  });
});
