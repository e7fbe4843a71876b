/**
 * No markdown holds the request thread (issue 25, items 1 and 15), through real HTTP on every
 * path that takes markdown from outside: a comment, a review's comment, a content batch on a
 * space and on a change request, a markdown import.
 *
 * - A property: texts built to be super-linear for micromark (emphasis, links, brackets,
 *   references, tables of many columns, nested lists and quotes, HTML, entities), at each
 *   path's largest size, end with a 2xx or a 400 naming the field they came in.
 * - An ordering, per path, for a text micromark takes minutes over (`*a**` repeated): while
 *   the server reads it, `/healthz` is answered; the reading, then the request, end after
 *   (an import's request may end first: it waits 3 s for its job, which reads on).
 *
 * The server reads markdown with 2 ms per KiB (at least a second): the same limits as the
 * default's, smaller, so that a bomb costs the test a second.
 */
import { operations, type UntrustedMarkdown } from '@quire/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSiteServer, startFixtureSiteServer } from '../imports/fixture-site-server';
import { createSpace } from '../support/content';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { type ApiResponse, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let site: FixtureSiteServer;
let org: TestOrganization;
let spaceId: string;
let changeRequestNumber: number;
let pageId: string;
/** Someone who may review the change request (its author, the admin, may not). */
let reviewer: TestMember;

/** Largest comment (bytes, ASCII here), review's comment and page body (characters). */
const COMMENT_SIZE = 65_536;
const REVIEW_COMMENT_SIZE = 16_384;
const PAGE_SIZE = 512_000;

/** The reading each request starts, for the ordering check (`watchNextReading`). */
let onReading: ((reading: Promise<unknown>) => void) | undefined;
let reader: UntrustedMarkdown;

beforeAll(async () => {
  site = await startFixtureSiteServer();
  server = await startTestServer({
    QUIRE_MARKDOWN_MS_PER_KIB: '2',
    QUIRE_MARKDOWN_MIN_MS: '1000',
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  });
  reader = server.services.untrustedMarkdown;
  // Operations take the port from the services when they run: a reading is seen as it starts.
  server.services.untrustedMarkdown = {
    read(markdown, options) {
      const reading = reader.read(markdown, options);
      onReading?.(reading);
      return reading;
    },
    documentsOf: (markdowns) => reader.documentsOf(markdowns),
  };
  org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Bombs' });
  spaceId = space.id;
  const inserted = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes: [{ operation: 'insert_page', title: 'Target', document: { markdown: 'A page.' } }] },
  });
  expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
  pageId = inserted.body.changes[0].page.id;
  const changeRequest = await server.callOperation(operations.changeRequests.create, org.admin, {
    spaceId,
    subject: 'Bombs',
  });
  changeRequestNumber = changeRequest.number;
  reviewer = await addMember(server, org.organization.id, 'review');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

interface MarkdownPath {
  name: string;
  size: number;
  /** The field a refusal names. */
  field: string;
  /** Whether the request waits for the reading (an import's request may end first: its job reads on). */
  waitsForReading: boolean;
  /** Texts the property tries (each costs up to the budget and a thread's restart). */
  runs: number;
  send(markdown: string): Promise<ApiResponse>;
}

let served = 0;
const PATHS: MarkdownPath[] = [
  {
    name: 'a comment',
    size: COMMENT_SIZE,
    field: 'body',
    waitsForReading: true,
    runs: 3,
    send: (markdown) =>
      server.api(`/v1/spaces/${spaceId}/comments`, {
        method: 'POST',
        token: org.admin.token,
        body: { body: { markdown }, page: pageId },
      }),
  },
  {
    name: "a review's comment",
    size: REVIEW_COMMENT_SIZE,
    field: 'comment',
    waitsForReading: true,
    runs: 1,
    send: (markdown) =>
      server.api(`/v1/spaces/${spaceId}/change-requests/${changeRequestNumber}/reviews`, {
        method: 'POST',
        token: reviewer.token,
        body: { status: 'approved', comment: { markdown } },
      }),
  },
  {
    name: 'a content batch on a space',
    size: PAGE_SIZE,
    field: 'changes.0.document.markdown',
    waitsForReading: true,
    runs: 2,
    send: (markdown) =>
      server.api(`/v1/spaces/${spaceId}/content`, {
        method: 'POST',
        token: org.admin.token,
        body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] },
      }),
  },
  {
    name: 'a content batch on a change request',
    size: PAGE_SIZE,
    field: 'changes.0.document.markdown',
    waitsForReading: true,
    runs: 2,
    send: (markdown) =>
      server.api(`/v1/spaces/${spaceId}/change-requests/${changeRequestNumber}/content`, {
        method: 'POST',
        token: org.admin.token,
        body: { changes: [{ operation: 'insert_page', title: 'Bomb', document: { markdown } }] },
      }),
  },
  {
    name: 'a markdown import',
    size: PAGE_SIZE,
    field: 'url',
    waitsForReading: false,
    runs: 2,
    send: (markdown) => {
      const path = `/bomb-${++served}.md`;
      site.serve(path, new TextEncoder().encode(markdown), 'text/markdown; charset=utf-8');
      return server.api(`/v1/spaces/${spaceId}/content/import`, {
        method: 'POST',
        token: org.admin.token,
        body: { source: 'markdown', url: `${site.origin}${path}` },
      });
    },
  },
];

/** A 2xx, or a 400 naming `field` (and only it). */
function expectAnsweredOrRefused(response: ApiResponse, field: string): void {
  if (response.status >= 200 && response.status < 300) return;
  expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(400);
  expect(response.body.error.issues.map((issue: { field: string }) => issue.field)).toEqual([field]);
}

/** `unit` repeated to exactly `size` characters. */
const filled = (unit: string, size: number): string =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Pieces micromark resolves against each other: delimiters, openers without closers, references. */
const PIECES = [
  '*a**',
  '_a__',
  '**a*',
  '*a_',
  '~a~~',
  '`a``',
  '[a](',
  '[a](b',
  '[a][',
  '![a](',
  '](',
  '[a',
  'a]',
  '<a ',
  '<div>',
  '<!--',
  '&#x',
  '&amp',
  '&#1234567;',
  'www.a',
  'http://a',
  '\\*',
  '[^a]',
  '|a',
  '\n',
];

/** Texts of `size` characters built to be super-linear to parse. */
const bombOf = (size: number): fc.Arbitrary<string> =>
  fc.oneof(
    // Runs of pieces, joined as one paragraph or many.
    fc
      .tuple(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('', ' ', '\n'),
      )
      .map(([pieces, between]) => filled(pieces.join(between) + between, size)),
    // A table of many columns, then rows.
    fc.integer({ min: 8, max: 3000 }).map((columns) => {
      const row = `${'|a'.repeat(columns)}|\n`;
      return filled(row + `${'|-'.repeat(columns)}|\n` + row.repeat(Math.ceil(size / row.length)), size);
    }),
    // Containers nested on every line (up to the markers limit and past it).
    fc
      .tuple(fc.constantFrom('> ', '- ', '1. ', '* ', '>- '), fc.integer({ min: 2, max: 40 }))
      .map(([marker, depth]) => filled(`${marker.repeat(depth)}a *b* [c](d\n`, size)),
    // Reference definitions, each used by an unresolved reference.
    fc.constant(null).map(() => {
      let text = '';
      for (let i = 0; text.length < size; i++) text += `[r${i}]: http://x/${i}\n[r${i}][r${i + 1}] `;
      return text.slice(0, size);
    }),
    // HTML blocks and inline HTML left open.
    fc
      .constantFrom('<div>\n', '<a href="', '<!-- ', '<![CDATA[', '<?x ', '</b>', '<table><tr><td>')
      .map((unit) => filled(unit, size)),
  );

describe('markdown from outside cannot hold the server', () => {
  for (const path of PATHS) {
    it(`${path.name}: super-linear texts at ${path.size} characters end 2xx or 400 naming ${path.field}`, async () => {
      await fc.assert(
        fc.asyncProperty(bombOf(path.size), async (markdown) => {
          expectAnsweredOrRefused(await path.send(markdown), path.field);
        }),
        { numRuns: path.runs },
      );
    }, 120_000);

    it(`${path.name}: /healthz is answered while a text micromark takes minutes over is read`, async () => {
      const order: string[] = [];
      const started = new Promise<{ reading: Promise<unknown> }>((resolve) => {
        onReading = (reading) => {
          onReading = undefined;
          resolve({ reading });
        };
      });
      const request = path.send(filled('*a**', path.size)).then((response) => {
        order.push('request');
        return response;
      });
      const reading = (await started).reading.then(() => order.push('reading'));
      const health = await server.api('/healthz');
      order.push('healthz');
      expect(health.status).toBe(200);
      await reading;
      expectAnsweredOrRefused(await request, path.field);
      if (path.waitsForReading) expect(order).toEqual(['healthz', 'reading', 'request']);
      else expect(order.filter((event) => event !== 'request')).toEqual(['healthz', 'reading']);
    }, 120_000);
  }
});

/**
 * A list read as documents: texts that passed their write's budget (`*a**`, 2,000 characters:
 * about 0.05 s each to convert with micromark, more on a busy machine; 32,000 here now that the
 * reader is linear and fast) were converted one by one on the request thread, each read
 * (10 reviews of 7 KB held it 3.2 s). Once the list's records are read, `/healthz` is asked:
 * it must be answered before the list, whose documents are converted in a markdown thread.
 */
describe('a list read as documents cannot hold the server', () => {
  // Long enough that converting the list outlasts a /healthz round trip with markdown read in
  // linear time (2,000 characters each did while micromark read them; 32,000 now).
  const BOMB = filled('*a**', 32_000);
  const LISTED = 4;

  /** Calls `then` each time `method` of `repository` has answered. */
  function afterEach<T extends object>(repository: T, method: keyof T, then: () => void): () => void {
    const original = repository[method] as (...args: unknown[]) => Promise<unknown>;
    (repository as Record<keyof T, unknown>)[method] = async (...args: unknown[]) => {
      const answer = await original.apply(repository, args);
      then();
      return answer;
    };
    return () => {
      (repository as Record<keyof T, unknown>)[method] = original;
    };
  }

  /** Reads `list` while `/healthz` is asked as soon as `repository.method` answered; the order they end in. */
  async function orderOfAnswers<T extends object>(
    repository: T,
    method: keyof T,
    list: () => Promise<ApiResponse>,
  ): Promise<{ order: string[]; listed: ApiResponse }> {
    const order: string[] = [];
    let health: Promise<unknown> | undefined;
    const restore = afterEach(repository, method, () => {
      health ??= server.api('/healthz').then((response) => {
        expect(response.status).toBe(200);
        order.push('healthz');
      });
    });
    try {
      const listed = await list();
      order.push('list');
      await health;
      return { order, listed };
    } finally {
      restore();
    }
  }

  it("reviews' comments: /healthz is answered while the list's documents are converted", async () => {
    const changeRequest = await server.callOperation(operations.changeRequests.create, org.admin, {
      spaceId,
      subject: 'Documents of reviews',
    });
    const reviews = `/v1/spaces/${spaceId}/change-requests/${changeRequest.number}/reviews`;
    // Stored as an older server stored them (as sent, before any budget), cheaply.
    for (let i = 0; i < LISTED; i++)
      await server.services.repos.changeRequestReviews.insert({
        id: `documents-review-${i}`,
        spaceId,
        changeRequestId: changeRequest.id,
        revision: changeRequest.revision,
        reviewer: reviewer.user.id,
        status: 'approved',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        comment: `${BOMB}${i}`,
      });
    const { order, listed } = await orderOfAnswers(server.services.repos.changeRequestReviews, 'listOf', () =>
      server.api(`${reviews}?format=document`, { token: org.admin.token }),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(LISTED);
    for (const item of listed.body.items) expect(item.comment.body.document.object).toBe('document');
    expect(order).toEqual(['healthz', 'list']);
    // Stored once converted: read again, the same documents.
    const again = await server.api(`${reviews}/${listed.body.items[0].id}?format=document`, {
      token: org.admin.token,
    });
    expect(again.body.comment.body.document).toEqual(listed.body.items[0].comment.body.document);
  }, 30_000);

  it("comments: /healthz is answered while the list's documents are converted", async () => {
    const space = await createSpace(server, org, { title: 'Documents of comments' });
    // One posted, its copies stored as an older server stored bodies (before any budget), cheaply.
    const posted = await server.api(`/v1/spaces/${space.id}/comments`, {
      method: 'POST',
      token: org.admin.token,
      body: { body: { markdown: 'A comment.' } },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const first = await server.services.repos.comments.findById(posted.body.id);
    if (!first) throw new Error('the comment posted is not stored');
    await server.services.repos.comments.update(first.id, { body: `${BOMB}comment 0` });
    for (let i = 1; i < LISTED; i++)
      await server.services.repos.comments.insert({
        ...first,
        id: `${first.id}-${i}`,
        body: `${BOMB}comment ${i}`,
      });
    const { order, listed } = await orderOfAnswers(server.services.repos.comments, 'list', () =>
      server.api(`/v1/spaces/${space.id}/comments?format=document`, { token: org.admin.token }),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(LISTED);
    for (const item of listed.body.items) expect(item.body.document.object).toBe('document');
    expect(order).toEqual(['healthz', 'list']);
  }, 30_000);

  it("change requests' descriptions: /healthz is answered while the list's documents are converted", async () => {
    const space = await createSpace(server, org, { title: 'Documents of descriptions' });
    // Descriptions stored as an older server stored them (the markdown as is), cheaply.
    for (let i = 0; i < LISTED; i++) {
      const created = await server.callOperation(operations.changeRequests.create, org.admin, {
        spaceId: space.id,
        subject: `Described ${i}`,
      });
      const updated = await server.services.repos.changeRequests.update(
        created.id,
        { status: created.status, revision: created.revision },
        { description: `${BOMB}description ${i}` },
        new Date().toISOString(),
      );
      expect(updated?.description).toBe(`${BOMB}description ${i}`);
    }
    const list = `/v1/spaces/${space.id}/change-requests?status=draft`;
    const { order, listed } = await orderOfAnswers(server.services.repos.changeRequests, 'list', () =>
      server.api(list, { token: org.admin.token }),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(LISTED);
    for (const item of listed.body.items) expect(item.description.object).toBe('document');
    expect(order).toEqual(['healthz', 'list']);
    // Stored once converted: read again, the same documents.
    const [first] = listed.body.items;
    const again = await server.api(`/v1/spaces/${space.id}/change-requests/${first.id}`, {
      token: org.admin.token,
    });
    expect(again.body.description).toEqual(first.description);
  }, 30_000);
});
