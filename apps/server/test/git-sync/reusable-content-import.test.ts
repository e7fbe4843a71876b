/**
 * The Git Sync jobs' hooks for includes (issue 27, item 3), over the real repositories: an
 * import's include files become the revision's reusable contents (written by
 * `writeJobRevision` with `extras`), pages' include paths become ids, a second import of the
 * same files keeps the ids and writes nothing, missing includes and cycles are named, a body
 * past the markdown budget fails the job naming the file; the export reads them back.
 */
import {
  exportedReusableContents,
  importedReusableContents,
  operations,
  pageIndexOf,
  spaceHead,
  writeJobRevision,
} from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const include = (name: string, body: string, frontMatterTitle?: string) => ({
  path: `.gitbook/includes/${name}.md`,
  body,
  git: { oid: `oid-${name}-${body.length}`, path: `.gitbook/includes/${name}.md` },
  ...(frontMatterTitle ? { frontMatterTitle } : {}),
});

const FILES = [
  include('a', 'A body.\n\n{% include "b.md" %}\n', 'Alpha'),
  include('b', '# Beta\n\nB body.\n\n{% include "a.md" %}\n'),
];

async function importInto(
  spaceId: string,
  files: typeof FILES,
  pages: Array<{ markdown: string; path: string | null }>,
) {
  const space = await quire.services.repos.spaces.findById(spaceId);
  if (!space) throw new Error('no space');
  const head = await spaceHead(quire.services, space);
  const ctx = { ...quire.services, caller: null } as never;
  const included = await importedReusableContents(ctx, head, files, pages, 'GIT_INVALID_CONTENT');
  const revision = await writeJobRevision(
    ctx,
    {
      space,
      head,
      createdBy: 'test',
      refused: 'REFUSED',
      git: { oid: `commit-${files.length}`, message: 'Import', createdByService: false },
    },
    async (base) => ({
      pages: new Map((await pageIndexOf(quire.services, base.tree)).pages),
      files: [],
      objects: new Map(),
      extras: included.extras,
    }),
  );
  return { head, revision, included };
}

describe('a Git import’s includes', () => {
  it('become reusable contents, resolve pages’ includes, keep their ids on the next import, and export back', async () => {
    const org = await createOrganization(quire);
    const space = await quire.callOperation(operations.spaces.create, org.admin, {
      organizationId: org.organization.id,
      title: 'Synced',
    });
    const pages = [
      {
        markdown:
          '{% include "../.gitbook/includes/a.md" %}\n\n{% include "../.gitbook/includes/gone.md" %}\n',
        path: 'guides/page.md',
      },
      { markdown: 'No file.\n', path: null },
    ];
    const first = await importInto(space.id, FILES, pages);
    expect(first.revision.id).not.toBe(first.head.id);
    const contents = await quire.callOperation(operations.spaces.content.reusableContents.list, org.admin, {
      spaceId: space.id,
    });
    expect(contents.items.map((item) => item.title).sort()).toEqual(['Alpha', 'Beta']);
    const alpha = contents.items.find((item) => item.title === 'Alpha');
    expect(first.included.pageMarkdown[0]).toBe(
      `{% include "/reusable-contents/${alpha?.id}" %}\n\n{% include "../.gitbook/includes/gone.md" %}\n`,
    );
    expect(first.included.pageMarkdown[1]).toBe('No file.\n');
    expect(first.included.missing).toEqual(['guides/page.md: ../.gitbook/includes/gone.md']);
    expect(first.included.cycles).toEqual([['.gitbook/includes/a.md', '.gitbook/includes/b.md']]);

    const second = await importInto(space.id, FILES, pages);
    // The same files: the same reusable contents, nothing written.
    expect(second.revision.id).toBe(second.head.id);

    const exported = await exportedReusableContents(quire.services, second.revision);
    expect(exported.map((content) => [content.title, content.git?.path])).toEqual([
      ['Alpha', '.gitbook/includes/a.md'],
      ['Beta', '.gitbook/includes/b.md'],
    ]);
    expect(exported[0]?.markdown).toBe(`A body.\n\n{% include "/reusable-contents/${exported[1]?.id}" %}\n`);
    // As the import read them: each is written back as its blob. Edited since: written anew.
    expect(exported.map((content) => content.unchanged)).toEqual([true, true]);
    await quire.callOperation(operations.spaces.content.update, org.admin, {
      spaceId: space.id,
      changes: [
        { operation: 'update_reusable_content', reusableContent: exported[1]?.id as string, title: 'Beta 2' },
      ],
    });
    const after = await quire.services.repos.spaces.findById(space.id);
    const edited = await exportedReusableContents(
      quire.services,
      await spaceHead(quire.services, after as never),
    );
    expect(edited.map((content) => [content.title, content.unchanged ?? false])).toEqual([
      ['Alpha', true],
      ['Beta 2', false],
    ]);
  });

  it('fails the job naming an include file past the markdown limits', async () => {
    const org = await createOrganization(quire);
    const space = await quire.callOperation(operations.spaces.create, org.admin, {
      organizationId: org.organization.id,
      title: 'Synced',
    });
    // Past the parser's limits (a line of 64 quote markers): refused before anything parses it.
    const heavy = include('heavy', `${'> '.repeat(64)}deep\n`);
    await expect(importInto(space.id, [heavy], [])).rejects.toMatchObject({
      code: 'GIT_INVALID_CONTENT',
      message: expect.stringContaining('.gitbook/includes/heavy.md'),
    });
  });
});
