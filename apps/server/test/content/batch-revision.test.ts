/**
 * A content batch made from a known revision (`revision`), through real HTTP, on a space
 * and on a change request: when the target is still at that revision the batch applies as
 * it is; when it has moved on, the batch is merged three-way into it (base: the revision
 * the edit was made from), so the target's own edits stay; what cannot be combined is a 409
 * naming the pages and fields, and nothing is written. Issue 25, item 9: saving a live
 * page's edit "to #1" replaced the change request's version of the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const LIVE = [
  'Intro paragraph.',
  '',
  '## Old heading',
  '',
  'A paragraph in the middle.',
  '',
  '```js',
  'old();',
  '```',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  'The last paragraph.',
  '',
].join('\n');

/** The change request's version: heading, code and table edited, a hint and an image added. */
const IN_CHANGE_REQUEST = LIVE.replace('## Old heading', '## New heading')
  .replace('old();', 'renamed();')
  .replace('| 1 | 2 |', '| 1 | 2 |\n| 3 | 4 |')
  .replace(
    'A paragraph in the middle.',
    'A paragraph in the middle.\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n![A diagram](https://example.com/diagram.png)',
  );

async function call(token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function fixture() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const made = await call(token, 'POST', `/v1/spaces/${space.id}/content`, {
    changes: [
      { operation: 'insert_page', title: 'Guide', document: { markdown: LIVE } },
      { operation: 'insert_page', title: 'Other', document: { markdown: 'other\n' } },
    ],
  });
  const [guide, other] = made.changes.map((change: Json) => change.page.id as string);
  const markdownOf = async (pageId: string, changeRequest?: number) =>
    (
      await call(
        token,
        'GET',
        `/v1/spaces/${space.id}${changeRequest ? `/change-requests/${changeRequest}` : ''}/content/page/${pageId}?format=markdown`,
      )
    ).markdown as string;
  const liveText = await markdownOf(guide);
  return {
    token,
    spaceId: space.id as string,
    live: made.revision as string,
    guide,
    other,
    liveText,
    markdownOf,
  };
}

const batch = (token: string, path: string, body: unknown) =>
  server.api(path, { method: 'POST', token, body });

describe('a change request batch with `revision`', () => {
  it('merges an edit of the live page into the change request, keeping its earlier edits', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Docs' });
    const first = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`,
      {
        changes: [{ operation: 'update_page', page: f.guide, document: { markdown: IN_CHANGE_REQUEST } }],
      },
    );
    // As stored (normalized): the change request's edits are all there.
    const inChangeRequest = await f.markdownOf(f.guide, cr.number);
    for (const edit of ['## New heading', 'renamed();', '| 3 | 4 |', 'A hint.', 'diagram.png'])
      expect(inChangeRequest).toContain(edit);

    // The live page as read (revision f.live), edited at its last paragraph, saved "to #1".
    const edited = LIVE.replace('The last paragraph.', 'The last paragraph, edited live.');
    const saved = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`,
      {
        revision: f.live,
        changes: [{ operation: 'update_page', page: f.guide, document: { markdown: edited } }],
      },
    );
    expect(await f.markdownOf(f.guide, cr.number)).toBe(
      inChangeRequest.replace('The last paragraph.', 'The last paragraph, edited live.'),
    );
    // One new revision on the change request's head; the space is untouched.
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${saved.revision}`);
    expect(revision.parents).toEqual([first.revision]);
    expect(await f.markdownOf(f.guide)).toBe(f.liveText);
    expect(await f.markdownOf(f.other, cr.number)).toBe('other\n');
  });

  it('answers 409 naming the page when the edit and the change request changed the same lines, writing nothing', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Docs' });
    const before = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`,
      {
        changes: [{ operation: 'update_page', page: f.guide, document: { markdown: IN_CHANGE_REQUEST } }],
      },
    );
    const response = await batch(f.token, `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`, {
      revision: f.live,
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: { markdown: LIVE.replace('## Old heading', '## Another heading') },
        },
      ],
    });
    expectError(response, 409);
    expect(response.body.error.type).toBe('conflict');
    expect(response.body.error.conflicts).toEqual([
      { page: f.guide, field: 'markdown', reason: 'edited-both' },
    ]);
    const after = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}`);
    expect(after.revision).toBe(before.revision);
    expect(await f.markdownOf(f.guide, cr.number)).toContain('## New heading');
  });

  it('applies the batch as it is when the change request is still at `revision`', async () => {
    const f = await fixture();
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, { subject: 'Docs' });
    const saved = await call(
      f.token,
      'POST',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`,
      {
        revision: cr.revision,
        changes: [{ operation: 'update_page', page: f.guide, document: { markdown: IN_CHANGE_REQUEST } }],
      },
    );
    expect(await f.markdownOf(f.guide, cr.number)).toContain('renamed();');
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${saved.revision}`);
    expect(revision.parents).toEqual([cr.revision]);
  });
});

describe('a space batch with `revision`', () => {
  it('merges into a space that moved on since, keeping the other edit', async () => {
    const f = await fixture();
    // Someone else edits the heading meanwhile.
    const theirs = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: { markdown: LIVE.replace('## Old heading', '## Their heading') },
        },
      ],
    });
    server.clock.advance(60_000);
    const saved = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      revision: f.live,
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: { markdown: LIVE.replace('The last paragraph.', 'Mine.') },
        },
        { operation: 'update_page', page: f.other, title: 'Other, renamed' },
        { operation: 'insert_page', title: 'New', document: { markdown: 'new\n' } },
      ],
    });
    expect(await f.markdownOf(f.guide)).toBe(
      f.liveText.replace('## Old heading', '## Their heading').replace('The last paragraph.', 'Mine.'),
    );
    const revision = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${saved.revision}`);
    expect(revision.parents).toEqual([theirs.revision]);
    expect(revision.pages.map((page: Json) => page.title)).toEqual(['Guide', 'Other, renamed', 'New']);
    // Both pages the batch changed were updated by it (not as old as the content it was made from).
    const madeFrom = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}/revisions/${f.live}`);
    for (const page of revision.pages.slice(0, 2))
      expect(Date.parse(page.updatedAt)).toBeGreaterThan(Date.parse(madeFrom.createdAt));
  });

  it('answers 409 naming the page on a concurrent edit of the same lines, and a page deleted meanwhile', async () => {
    const f = await fixture();
    const theirs = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: { markdown: LIVE.replace('Intro paragraph.', 'Their intro.') },
        },
        { operation: 'delete_page', page: f.other },
      ],
    });
    const response = await batch(f.token, `/v1/spaces/${f.spaceId}/content`, {
      revision: f.live,
      changes: [
        {
          operation: 'update_page',
          page: f.guide,
          document: { markdown: LIVE.replace('Intro paragraph.', 'My intro.') },
        },
        { operation: 'update_page', page: f.other, document: { markdown: 'edited\n' } },
      ],
    });
    expectError(response, 409);
    expect(response.body.error.message).toContain('Guide');
    expect(response.body.error.conflicts).toEqual(
      expect.arrayContaining([
        { page: f.guide, field: 'markdown', reason: 'edited-both' },
        { page: f.other, field: 'page', reason: expect.any(String) },
      ]),
    );
    const space = await call(f.token, 'GET', `/v1/spaces/${f.spaceId}`);
    expect(space.revision).toBe(theirs.revision);
  });

  it('names the conflicts on tRPC and GraphQL too', async () => {
    const f = await fixture();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'update_page', page: f.guide, document: { markdown: 'theirs\n' } }],
    });
    const input = {
      spaceId: f.spaceId,
      revision: f.live,
      changes: [{ operation: 'update_page', page: f.guide, document: { markdown: 'mine\n' } }],
    };
    const expected = [{ page: f.guide, field: 'markdown', reason: 'edited-both' }];
    const trpc = await server.api('/trpc/spaces.content.update', {
      method: 'POST',
      token: f.token,
      body: input,
    });
    expect(trpc.body.error.data).toMatchObject({
      httpStatus: 409,
      domainCode: 'conflict',
      conflicts: expected,
    });
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: f.token,
      body: {
        query:
          'mutation($s: String!, $r: String, $c: [JSON!]!) { spacesContentUpdate(spaceId: $s, revision: $r, changes: $c) { revision } }',
        variables: { s: input.spaceId, r: input.revision, c: input.changes },
      },
    });
    expect(graphql.body.errors[0].extensions).toMatchObject({ httpStatus: 409, conflicts: expected });
  });

  it('refuses a revision that is not of this space (400 naming `revision`)', async () => {
    const f = await fixture();
    const elsewhere = await fixture();
    for (const revision of ['nosuchrevision000000', elsewhere.live]) {
      expectFieldError(
        await batch(f.token, `/v1/spaces/${f.spaceId}/content`, {
          revision,
          changes: [{ operation: 'update_page', page: f.guide, title: 'T' }],
        }),
        'revision',
      );
    }
  });
});
