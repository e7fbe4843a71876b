/**
 * The matrix of a space's content routes: every read (the current content, its pages, a
 * page by id or by path, its files, the history, a revision and what it changed, and the
 * same reads in a revision, a link to its PDF, an import's progress) needs view on the
 * space; editing a live space needs edit, and so do importing into it and applying a
 * template, and so does restoring an earlier revision (409 when the space holds it already),
 * which a locked space refuses with 409 to whoever passes the rules. The catalog
 * of templates is open to any authenticated caller. The reads run against one space per
 * fixture with two nested pages, a revision of those edits, and a file (written past the
 * rules: no operation inserts files yet). Imports read a markdown file served on 127.0.0.1
 * (`markdown-origin.ts`; the matrix's server allows the host), whose requests a refused
 * call must not make.
 */
import { operations } from '@quire/domain';
import { type MarkdownSource, markdownSource } from '../support/markdown-origin';
import { anyCaller, byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';
import { storeFileInSpace } from '../support/stored-file';

const SPACE = '/v1/spaces/:spaceId';
const REVISION = `${SPACE}/revisions/:revisionId`;

interface SpaceContent {
  spaceId: string;
  /** The revision the page edits made: two pages, no file. */
  editRevision: string;
  /** The revision that added the file: the space's head. */
  fileRevision: string;
  /** The nested page, at `guide/install`. */
  pageId: string;
  pagePath: string;
  fileId: string;
}

async function buildSpaceContent(f: MatrixFixture): Promise<SpaceContent> {
  const spaceId = await f.freshSpace();
  const edited = await f.run(operations.spaces.content.update, {
    spaceId,
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Start here.' } },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run `quire`.' } },
    ],
  });
  const second = edited.changes[1];
  if (second?.object !== 'created_page') throw new Error('the edit made no second page');
  const pageId = second.page.id;
  const { fileId, revisionId } = await storeFileInSpace(f.server.services, spaceId, {
    name: 'logo.png',
    contentType: 'image/png',
    bytes: Buffer.from('not really a png'),
  });
  return {
    spaceId,
    editRevision: edited.revision,
    fileRevision: revisionId,
    pageId,
    pagePath: 'guide/install',
    fileId,
  };
}

/** One content space per fixture, shared by every read (queries prepare once per case). */
const built = new WeakMap<MatrixFixture, Promise<SpaceContent>>();
function spaceContent(f: MatrixFixture): Promise<SpaceContent> {
  let content = built.get(f);
  if (!content) {
    content = buildSpaceContent(f);
    built.set(f, content);
  }
  return content;
}

/** A read of the space's content: view on the space, 404 for who cannot see it. */
const viewCase = (route: string, input: (content: SpaceContent) => Record<string, unknown>): MatrixCase =>
  matrixCase({
    route,
    prepare: spaceContent,
    input: (_f, content: SpaceContent) => input(content),
    expected: byItemRole('read', 200),
  });

/** The space's head and its pages, read as the admin: what an edit changes. */
const contentOf = (f: MatrixFixture) => f.read(operations.spaces.content.get, { spaceId: f.content.space });

/**
 * What an import or a template may change of a space, read as the admin and from the store:
 * its head and pages, and how many revisions it has (a refused call writes none, not even
 * one nobody points at).
 */
const spaceState = async (f: MatrixFixture, spaceId: string) => ({
  content: await f.read(operations.spaces.content.get, { spaceId }),
  revisions: await f.server.services.repos.revisions.countForSpace(spaceId),
});

/** A fresh space whose content is locked; its id. */
const lockedSpace = async (f: MatrixFixture) => {
  const spaceId = await f.freshSpace();
  await f.run(operations.spaces.update, { spaceId, editMode: 'locked' });
  return spaceId;
};

interface Restorable {
  spaceId: string;
  /** The revision of its first edit (one page), and its head (two pages). */
  first: string;
  head: string;
}

/** A fresh space edited twice: restoring its first edit's revision takes the second page out. */
const restorable = async (f: MatrixFixture): Promise<Restorable> => {
  const spaceId = await f.freshSpace();
  const page = (title: string) => ({
    operation: 'insert_page' as const,
    title,
    document: { markdown: `${title}.` },
  });
  const first = await f.run(operations.spaces.content.update, { spaceId, changes: [page('One')] });
  const second = await f.run(operations.spaces.content.update, { spaceId, changes: [page('Two')] });
  return { spaceId, first: first.revision, head: second.revision };
};

interface SpaceImport {
  spaceId: string;
  source: MarkdownSource;
}

/** An import into `spaceId` of a markdown file of its own. */
const spaceImport = async (spaceId: string): Promise<SpaceImport> => ({
  spaceId,
  source: await markdownSource(),
});

const importInput = (_f: MatrixFixture, { spaceId, source }: SpaceImport) => ({
  spaceId,
  url: source.url,
  source: 'markdown',
});

/**
 * The space's state, whether the source was read and how many import jobs the space has
 * (read from the store): a refused import reads nothing and records no job.
 */
const importState = async (f: MatrixFixture, { spaceId, source }: SpaceImport) => ({
  ...(await spaceState(f, spaceId)),
  sourceRequests: source.requests(),
  importJobs: await f.server.store.db.collection('jobs').countDocuments({ kind: 'content.import', spaceId }),
});

interface ImportJobs {
  spaceId: string;
  /** An import into the space, by the admin. */
  own: string;
  /** An import into another space of the organization. */
  otherSpace: string;
}

/** The id of an import into `spaceId` by the admin. */
async function importedBy(f: MatrixFixture, spaceId: string): Promise<string> {
  const { url } = await markdownSource();
  const result = await f.run(operations.spaces.content.import, { spaceId, url, source: 'markdown' });
  return result.import.id;
}

const importJobs = async (f: MatrixFixture): Promise<ImportJobs> => {
  const spaceId = await f.freshSpace();
  return {
    spaceId,
    own: await importedBy(f, spaceId),
    otherSpace: await importedBy(f, await f.freshSpace()),
  };
};

export const contentCases: MatrixCase[] = [
  viewCase(`GET ${SPACE}/content`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/pages`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/page/:pageId`, (c) => ({
    spaceId: c.spaceId,
    pageId: c.pageId,
    format: 'markdown',
  })),
  viewCase(`GET ${SPACE}/content/path/:pagePath`, (c) => ({ spaceId: c.spaceId, pagePath: c.pagePath })),
  viewCase(`GET ${SPACE}/content/files`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${SPACE}/content/files/:fileId`, (c) => ({ spaceId: c.spaceId, fileId: c.fileId })),
  viewCase(`GET ${SPACE}/revisions`, (c) => ({ spaceId: c.spaceId })),
  viewCase(`GET ${REVISION}`, (c) => ({ spaceId: c.spaceId, revisionId: c.editRevision })),
  viewCase(`GET ${REVISION}/changes`, (c) => ({ spaceId: c.spaceId, revisionId: c.editRevision })),
  viewCase(`GET ${REVISION}/pages`, (c) => ({ spaceId: c.spaceId, revisionId: c.editRevision })),
  viewCase(`GET ${REVISION}/page/:pageId`, (c) => ({
    spaceId: c.spaceId,
    revisionId: c.editRevision,
    pageId: c.pageId,
    format: 'document',
  })),
  viewCase(`GET ${REVISION}/path/:pagePath`, (c) => ({
    spaceId: c.spaceId,
    revisionId: c.editRevision,
    pagePath: c.pagePath,
  })),
  viewCase(`GET ${REVISION}/files`, (c) => ({ spaceId: c.spaceId, revisionId: c.fileRevision })),
  viewCase(`GET ${REVISION}/files/:fileId`, (c) => ({
    spaceId: c.spaceId,
    revisionId: c.fileRevision,
    fileId: c.fileId,
  })),
  matrixCase({
    route: `POST ${SPACE}/content`,
    input: (f) => ({
      spaceId: f.content.space,
      changes: [{ operation: 'insert_page', title: f.unique('Page'), document: { markdown: 'Some text.' } }],
    }),
    observe: contentOf,
    expected: byItemRole('edit', 200),
  }),
  matrixCase({
    route: `POST ${SPACE}/content/import`,
    prepare: (f) => spaceImport(f.content.space),
    input: importInput,
    observe: importState,
    expected: byItemRole('edit', 201),
  }),
  matrixCase({
    route: `POST ${SPACE}/content/import`,
    title: 'a locked space',
    prepare: async (f) => spaceImport(await lockedSpace(f)),
    input: importInput,
    observe: importState,
    expected: byItemRole('edit', 409),
  }),
  matrixCase({
    route: `GET ${SPACE}/content/imports/:importId`,
    prepare: importJobs,
    input: (_f, jobs: ImportJobs) => ({ spaceId: jobs.spaceId, importId: jobs.own }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: `GET ${SPACE}/content/imports/:importId`,
    title: "an import of another space's",
    prepare: importJobs,
    input: (_f, jobs: ImportJobs) => ({ spaceId: jobs.spaceId, importId: jobs.otherSpace }),
    expected: byItemRole('read', 404),
  }),
  matrixCase({
    route: `POST ${SPACE}/content/template`,
    input: (f) => ({ spaceId: f.content.space, id: 'changelog' }),
    observe: (f) => spaceState(f, f.content.space),
    expected: byItemRole('edit', 201),
  }),
  matrixCase({
    route: `POST ${SPACE}/content/template`,
    title: 'an unknown template',
    input: (f) => ({ spaceId: f.content.space, id: 'no-such-template' }),
    observe: (f) => spaceState(f, f.content.space),
    expected: byItemRole('edit', 404),
  }),
  matrixCase({
    route: `POST ${SPACE}/content/template`,
    title: 'a locked space',
    prepare: lockedSpace,
    input: (_f, spaceId: string) => ({ spaceId, id: 'changelog' }),
    observe: spaceState,
    expected: byItemRole('edit', 409),
  }),
  matrixCase({ route: 'GET /v1/templates', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({
    route: `POST ${REVISION}/restore`,
    prepare: restorable,
    input: (_f, r: Restorable) => ({ spaceId: r.spaceId, revisionId: r.first }),
    observe: (f, r: Restorable) => spaceState(f, r.spaceId),
    expected: byItemRole('edit', 200),
  }),
  matrixCase({
    route: `POST ${REVISION}/restore`,
    title: 'the revision the space holds',
    prepare: restorable,
    input: (_f, r: Restorable) => ({ spaceId: r.spaceId, revisionId: r.head }),
    observe: (f, r: Restorable) => spaceState(f, r.spaceId),
    expected: byItemRole('edit', 409),
  }),
  matrixCase({
    route: `POST ${REVISION}/restore`,
    title: 'a locked space',
    prepare: async (f) => {
      const r = await restorable(f);
      await f.run(operations.spaces.update, { spaceId: r.spaceId, editMode: 'locked' });
      return r;
    },
    input: (_f, r: Restorable) => ({ spaceId: r.spaceId, revisionId: r.first }),
    observe: (f, r: Restorable) => spaceState(f, r.spaceId),
    expected: byItemRole('edit', 409),
  }),
  viewCase(`GET ${SPACE}/pdf`, (c) => ({ spaceId: c.spaceId })),
  matrixCase({
    route: `GET ${SPACE}/pdf`,
    title: 'one page and its subpages',
    prepare: spaceContent,
    input: (_f, c: SpaceContent) => ({ spaceId: c.spaceId, only: true, page: c.pageId }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: `GET ${SPACE}/pdf`,
    title: 'a page not in the content',
    prepare: spaceContent,
    input: (_f, c: SpaceContent) => ({ spaceId: c.spaceId, only: true, page: 'no-such-page' }),
    expected: byItemRole('read', 404),
  }),
];
