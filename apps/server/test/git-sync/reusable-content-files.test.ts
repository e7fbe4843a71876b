/**
 * A repository's `.gitbook/includes/*.md` read into reusable contents and written back
 * (issue 27, item 3): files GitBook wrote come back byte for byte, with the pages' includes,
 * under a content root; a bad front matter, a file too large, a missing include each have
 * their outcome.
 */
import { importIncludes, resolveIncludes } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import {
  includeFilesToWrite,
  MAX_INCLUDE_FRONT_MATTER,
  pageIncludes,
  readIncludeFiles,
} from '../../src/git-sync/reusable-content-files';

const encoder = new TextEncoder();
const file = (path: string, text: string) => ({ path, bytes: encoder.encode(text), oid: `oid:${path}` });

const FEATURE = '---\ntitle: Feature Request\n---\n\n## Feature Requests\n\nRaise them on GitHub.\n';
const HELP = '---\ntitle: Need help?\n---\n\nAsk in the forum.\n\n{% include "feature-request.md" %}\n';
const PAGE = '# Install\n\n{% include "../.gitbook/includes/need-help.md" %}\n\nRun it.\n';

describe('include files', () => {
  it('are read under the content root, and written back byte for byte with the pages’ includes', () => {
    const tree = [
      file('docs/.gitbook/includes/feature-request.md', FEATURE),
      file('docs/.gitbook/includes/need-help.md', HELP),
      file('docs/.gitbook/includes/nested/not-an-include.md', 'x'),
      file('docs/guides/install.md', PAGE),
      file('.gitbook/includes/outside-root.md', 'x'),
    ];
    const read = readIncludeFiles(tree, 'docs', 1_000_000);
    expect(read.problems).toEqual([]);
    expect(read.files.map((f) => [f.path, f.frontMatterTitle, f.git.path])).toEqual([
      [
        '.gitbook/includes/feature-request.md',
        'Feature Request',
        'docs/.gitbook/includes/feature-request.md',
      ],
      ['.gitbook/includes/need-help.md', 'Need help?', 'docs/.gitbook/includes/need-help.md'],
    ]);
    let n = 0;
    const imported = importIncludes(read.files, new Map(), new Map(), {
      newId: () => `rc${++n}`,
      now: '2026-01-01T00:00:00.000Z',
      position: (i) => `a${i}`,
    });
    const page = resolveIncludes(PAGE, 'guides/install.md', imported.idOfPath);
    expect(page).toContain('{% include "/reusable-contents/rc2" %}');

    const exported = [...imported.reusableContents.values()].map((content) => ({
      id: content.id,
      title: content.title,
      slug: content.slug,
      markdown: imported.bodies.get(content.body)?.markdown as string,
      git: content.git,
    }));
    const written = includeFilesToWrite(exported, 'docs');
    expect(written.files.map((f) => [f.path, 'text' in f ? f.text : f.oid])).toEqual([
      ['docs/.gitbook/includes/feature-request.md', FEATURE],
      ['docs/.gitbook/includes/need-help.md', HELP],
    ]);
    expect(pageIncludes(page, 'guides/install.md', written.pathOfId)).toBe(PAGE);
  });

  it('writes a reusable content unchanged since its import as the blob it was read from', () => {
    const written = includeFilesToWrite(
      [
        {
          id: 'k1',
          title: 'Kept',
          slug: 'kept',
          markdown: 'Printed otherwise.\n',
          git: { oid: 'blob-1', path: 'docs/.gitbook/includes/kept.md' },
          unchanged: true,
        },
      ],
      'docs',
    );
    expect(written.files).toEqual([{ id: 'k1', path: 'docs/.gitbook/includes/kept.md', oid: 'blob-1' }]);
  });

  it('a reusable content made in Quire is written at its slug, included from a page by its relative path', () => {
    const written = includeFilesToWrite(
      [{ id: 'q1', title: 'Backups', slug: 'backups', markdown: 'Copy.\n' }],
      '',
    );
    expect(written.files).toEqual([
      { id: 'q1', path: '.gitbook/includes/backups.md', text: '---\ntitle: Backups\n---\n\nCopy.\n' },
    ]);
    expect(pageIncludes('{% include "/reusable-contents/q1" %}\n', 'a/b/page.md', written.pathOfId)).toBe(
      '{% include "../../.gitbook/includes/backups.md" %}\n',
    );
    // A stored include of a reusable content that no longer exists stays as stored.
    expect(pageIncludes('{% include "/reusable-contents/gone" %}\n', 'page.md', written.pathOfId)).toBe(
      '{% include "/reusable-contents/gone" %}\n',
    );
  });

  it('reads a bad front matter as none, naming it, and refuses a file over the limit', () => {
    const read = readIncludeFiles(
      [
        file('.gitbook/includes/list.md', '---\n- a\n- b\n---\n\n# Listed\n\nBody.\n'),
        file('.gitbook/includes/number.md', '---\ntitle: 12\n---\n\nBody.\n'),
      ],
      '',
      1_000_000,
    );
    expect(read.problems).toEqual([
      expect.stringContaining('.gitbook/includes/list.md: front matter must be a YAML mapping'),
      ".gitbook/includes/number.md: the front matter's title is not text",
    ]);
    expect(read.files[0]).toMatchObject({ body: '---\n- a\n- b\n---\n\n# Listed\n\nBody.\n' });
    expect(read.files[1]).not.toHaveProperty('frontMatterTitle');
    expect(() => readIncludeFiles([file('.gitbook/includes/big.md', 'x'.repeat(100))], '', 10)).toThrow(
      /more than the 10 allowed/,
    );
  });
});

describe("an include file's body", () => {
  // The body is read later, on a markdown thread under its budget; the job's thread (the
  // server's) reads only the front matter block.
  // Parsed whole, this body held the thread 35 s; that it is not parsed here at all, the next
  // test shows (a body the parser refuses is not refused here).
  it('is not parsed while its front matter is read: 1 MB of footnote references', () => {
    const body = 'w[^1] '.repeat(175_000);
    const text = `---\ntitle: Shared\n---\n\n${body}\n\n[^1]: A note.\n`;
    const read = readIncludeFiles([file('.gitbook/includes/shared.md', text)], '', 2_000_000);
    expect(read.files[0]).toMatchObject({ frontMatterTitle: 'Shared', body: `${body}\n\n[^1]: A note.\n` });
  });

  it('is not refused here when the parser would refuse it: that is for its reading', () => {
    const body = `${'*'.repeat(200)}\n`;
    const read = readIncludeFiles(
      [file('.gitbook/includes/stars.md', `---\ntitle: Stars\n---\n\n${body}`)],
      '',
      1_000,
    );
    expect(read.files[0]).toMatchObject({ frontMatterTitle: 'Stars', body });
  });

  it('is the whole file when its front matter is longer than read on this thread', () => {
    const keys = Array.from({ length: 5_000 }, (_, index) => `key-${index}: value\n`).join('');
    const text = `---\ntitle: Long\n${keys}---\n\nThe body.\n`;
    expect(text.length).toBeGreaterThan(MAX_INCLUDE_FRONT_MATTER);
    const read = readIncludeFiles([file('.gitbook/includes/long.md', text)], '', 1_000_000);
    expect(read.files[0]).toEqual({
      path: '.gitbook/includes/long.md',
      body: text,
      git: { oid: 'oid:.gitbook/includes/long.md', path: '.gitbook/includes/long.md' },
    });
    expect(read.problems).toEqual([
      `.gitbook/includes/long.md: front matter longer than ${MAX_INCLUDE_FRONT_MATTER} characters`,
    ]);
  });
});
