/**
 * Mentions of members in a document written through the API (issue 27, item 2). GitBook's
 * markdown writes a mention of a user as a link whose text is the user's display name,
 * `[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")`; the document holds the id only.
 * A page body sent as a tree, on REST, tRPC and GraphQL alike and into a change request, is
 * stored with the names of the organization's people (members and guests); a user outside the
 * organization is written with the link's URL, and their name appears in no answer. The
 * stored page reads back as the document sent; markdown sent with a mention keeps its text.
 *
 * Only the people the writer may see are named (`policies/people-in-sight.ts`): a guest sees
 * the people who may view the space, not the rest of the organization's members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, grant } from '../support/content';
import { callFace, findRoute } from '../support/faces/call-faces';
import { describeResponse, FACES, type Face } from '../support/faces/face-call';
import { addMember, createOrganization, createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

const OUTSIDER_NAME = 'Olive Outsider';
const mentionUrl = (userId: string) => `https://app.gitbook.com/u/${userId}`;

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const mention = (user: string) => ({
  object: 'inline',
  type: 'mention',
  isVoid: true,
  data: { ref: { kind: 'user', user } },
});
/** "Ask A, B or C." with each of `users` mentioned. */
const documentMentioning = (users: [string, string, string]) => ({
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [
        text('Ask '),
        mention(users[0]),
        text(', '),
        mention(users[1]),
        text(' or '),
        mention(users[2]),
        text('.'),
      ],
    },
  ],
});

function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== 'key')
      .map(([name, item]) => [name, withoutKeys(item)]),
  );
}

async function fixture() {
  const org = await createOrganization(server);
  const organizationId = org.organization.id;
  const ada = await addMember(server, organizationId, 'admin', { displayName: 'Ada  Lovelace' });
  const guest = await addMember(server, organizationId, null, { displayName: 'Grace [the] *guest*' });
  // Someone with an account, a member of another organization only.
  const outsider = await createUser(server, { displayName: OUTSIDER_NAME });
  await createOrganization(server, { owner: outsider });
  const space = await createSpace(server, org);
  const users: [string, string, string] = [ada.user.id, guest.user.id, outsider.user.id];
  const markdown =
    `Ask [Ada Lovelace](${mentionUrl(users[0])} "mention"), ` +
    `[Grace \\[the\\] \\*guest\\*](${mentionUrl(users[1])} "mention") or ` +
    `[${mentionUrl(users[2])}](${mentionUrl(users[2])} "mention").\n`;
  return { org, space, users, markdown, token: org.admin.token, reviewer: ada };
}

const call = async (token: string, path: string, body?: unknown, status = 200): Promise<Json> => {
  const response = await server.api(path, body === undefined ? { token } : { method: 'POST', token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
};

describe('a member mention in a document written through the API', () => {
  it("is stored with the member's display name on every face, an outsider's with its URL", async () => {
    const f = await fixture();
    const document = documentMentioning(f.users);
    const insert = (title: string) => [{ operation: 'insert_page', title, document: { document } }];
    const rest = await call(f.token, `/v1/spaces/${f.space.id}/content`, { changes: insert('REST') });
    const trpc = await call(f.token, '/trpc/spaces.content.update', {
      spaceId: f.space.id,
      changes: insert('tRPC'),
    });
    const graphql = await call(f.token, '/graphql', {
      query:
        'mutation($s: String!, $c: [JSON!]!) { spacesContentUpdate(spaceId: $s, changes: $c) { changes } }',
      variables: { s: f.space.id, c: insert('GraphQL') },
    });
    const pageIds = [
      rest.changes[0].page.id,
      trpc.result.data.changes[0].page.id,
      graphql.data.spacesContentUpdate.changes[0].page.id,
    ];
    const answers = [JSON.stringify([rest, trpc, graphql])];
    for (const pageId of pageIds) {
      const page = await call(f.token, `/v1/spaces/${f.space.id}/content/page/${pageId}?format=markdown`);
      expect(page.markdown).toBe(f.markdown);
      // Read back as a tree, the page is the document sent: the names are the markdown's only.
      const tree = await call(f.token, `/v1/spaces/${f.space.id}/content/page/${pageId}`);
      expect(withoutKeys(tree.document)).toEqual(document);
      answers.push(JSON.stringify([page, tree]));
    }
    for (const answer of answers) expect(answer).not.toContain(OUTSIDER_NAME);
  });

  it("written back as a document keeps the names the page's own text gave non-members", async () => {
    const f = await fixture();
    // A page as Git Sync imports it from GitBook: a GitBook user, and a member under an old name.
    const imported =
      `Ask [Grace Hopper](${mentionUrl('gbUser1')} "mention") or ` +
      `[Ada Byron](${mentionUrl(f.users[0])} "mention").\n`;
    const inserted = await call(f.token, `/v1/spaces/${f.space.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Imported', document: { markdown: imported } }],
    });
    const pageId = inserted.changes[0].page.id;
    const page = `/v1/spaces/${f.space.id}/content/page/${pageId}`;
    const { document } = await call(f.token, page);
    await call(f.token, `/v1/spaces/${f.space.id}/content`, {
      changes: [{ operation: 'update_page', page: pageId, document: { document } }],
    });
    expect((await call(f.token, `${page}?format=markdown`)).markdown).toBe(
      `Ask [Grace Hopper](${mentionUrl('gbUser1')} "mention") or ` +
        `[Ada Lovelace](${mentionUrl(f.users[0])} "mention").\n`,
    );
  });

  it('is named the same in a change request, and mentions in markdown sent keep their text', async () => {
    const f = await fixture();
    const description = documentMentioning(f.users);
    const created = await call(f.token, `/v1/spaces/${f.space.id}/change-requests`, { description }, 201);
    expect(withoutKeys(created.description)).toEqual(description);
    const sentMarkdown = `By [Someone Else](${mentionUrl(f.users[2])} "mention").\n`;
    const updated = await call(f.token, '/trpc/changeRequests.content.update', {
      spaceId: f.space.id,
      changeRequestId: created.id,
      compat: false,
      changes: [
        { operation: 'insert_page', title: 'Tree', document: { document: documentMentioning(f.users) } },
        { operation: 'insert_page', title: 'Text', document: { markdown: sentMarkdown } },
      ],
    });
    const [tree, sent] = updated.result.data.changes.map((change: Json) => change.page.id);
    const base = `/v1/spaces/${f.space.id}/change-requests/${created.id}/content/page`;
    expect((await call(f.token, `${base}/${tree}?format=markdown`)).markdown).toBe(f.markdown);
    expect((await call(f.token, `${base}/${sent}?format=markdown`)).markdown).toBe(sentMarkdown);
    // A review's comment sent as a tree, by a member who may review.
    const reviewed = await call(
      f.reviewer.token,
      `/v1/spaces/${f.space.id}/change-requests/${created.id}/reviews`,
      { status: 'approved', comment: { document: documentMentioning(f.users) } },
      201,
    );
    expect(reviewed.comment.body.markdown).toBe(f.markdown.trimEnd());
    expect(JSON.stringify([created, updated, reviewed])).not.toContain(OUTSIDER_NAME);
  });

  it('in a comment sent as a document is stored with the names too, and reads back as sent', async () => {
    const f = await fixture();
    const document = documentMentioning(f.users);
    const posted = await call(f.token, `/v1/spaces/${f.space.id}/comments`, { body: { document } });
    expect(posted.body.markdown).toBe(f.markdown.trimEnd());
    const reply = await call(f.token, `/trpc/spaces.comments.replies.post`, {
      spaceId: f.space.id,
      commentId: posted.id,
      body: { document },
      format: 'document',
    });
    expect(withoutKeys(reply.result.data.body.document)).toEqual(document);
    expect(JSON.stringify([posted, reply])).not.toContain(OUTSIDER_NAME);
  });
});

describe('a mention names only the people the writer may see', () => {
  const HIDDEN_NAME = 'Hidden Hilda';
  const SEEN_NAME = 'Seen Sam';

  /**
   * A space only its grantees (and admins) may view; in it a guest and an editor of the
   * organization who may write, a member who may read it, and a member who may not.
   */
  async function sightFixture() {
    const org = await createOrganization(server);
    const organizationId = org.organization.id;
    const space = await createSpace(server, org, { defaultLevel: null });
    const guest = await addMember(server, organizationId, null, { displayName: 'Guest Gus' });
    const editor = await addMember(server, organizationId, 'edit', { displayName: 'Editor Eve' });
    const seen = await addMember(server, organizationId, 'read', { displayName: SEEN_NAME });
    const hidden = await addMember(server, organizationId, 'read', { displayName: HIDDEN_NAME });
    await grant(
      server,
      org,
      { kind: 'space', id: space.id },
      { role: 'review', users: [guest.user.id, editor.user.id] },
    );
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [seen.user.id] });
    const changeRequest = await call(
      org.admin.token,
      `/v1/spaces/${space.id}/change-requests`,
      { subject: 'Review me' },
      201,
    );
    const document = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [mention(hidden.user.id), text(' and '), mention(seen.user.id)],
        },
      ],
    };
    /** The markdown the document is stored as when the writer may see the hidden member or not. */
    const stored = (seesHidden: boolean) =>
      `${seesHidden ? `[${HIDDEN_NAME}]` : `[${mentionUrl(hidden.user.id)}]`}(${mentionUrl(hidden.user.id)} "mention") and ` +
      `[${SEEN_NAME}](${mentionUrl(seen.user.id)} "mention")`;
    return { org, space, guest, editor, changeRequest, document, stored };
  }

  /** Calls the operation of `key` on `face` as `writer`; what it wrote is read back through REST. */
  async function onFace(
    face: Face,
    writer: TestUser,
    key: string,
    input: Record<string, unknown>,
  ): Promise<void> {
    const route = findRoute(key);
    if (!route) throw new Error(`no route ${key}`);
    const response = await callFace(server, face, { route, input, token: writer.token });
    expect(response.error, describeResponse(response)).toBeUndefined();
  }

  /**
   * What the writer's document is stored as, written on `face`: in a comment, a page, a change
   * request's description and a review's comment (each fixture holds one of each).
   */
  async function storedBy(
    face: Face,
    f: Awaited<ReturnType<typeof sightFixture>>,
    writer: TestUser,
  ): Promise<string[]> {
    const spaceId = f.space.id;
    const space = `/v1/spaces/${spaceId}`;
    const reviewed = `${space}/change-requests/${f.changeRequest.id}`;
    await onFace(face, writer, 'POST /v1/spaces/:spaceId/comments', {
      spaceId,
      body: { document: f.document },
    });
    await onFace(face, writer, 'POST /v1/spaces/:spaceId/content', {
      spaceId,
      changes: [{ operation: 'insert_page', title: 'Written', document: { document: f.document } }],
    });
    await onFace(face, writer, 'POST /v1/spaces/:spaceId/change-requests', {
      spaceId,
      description: f.document,
    });
    await onFace(face, writer, 'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/reviews', {
      spaceId,
      changeRequestId: f.changeRequest.id,
      status: 'approved',
      comment: { document: f.document },
    });
    const admin = f.org.admin.token;
    const [comment] = (await call(admin, `${space}/comments`)).items;
    const [page] = (await call(admin, `${space}/content`)).pages;
    const written = (await call(admin, `${space}/change-requests?status=draft`)).items.find(
      (item: Json) => item.id !== f.changeRequest.id,
    );
    const [review] = (await call(admin, `${reviewed}/reviews`)).items;
    return [
      comment.body.markdown,
      (await call(admin, `${space}/content/page/${page.id}?format=markdown`)).markdown.trimEnd(),
      (await server.services.repos.changeRequests.findById(written.id))?.description ?? '',
      review.comment.body.markdown,
    ];
  }

  for (const face of FACES) {
    it(`on ${face}: a guest's mention of a member who may not view the space stores no name`, async () => {
      const f = await sightFixture();
      expect(await storedBy(face, f, f.guest)).toEqual(Array(4).fill(f.stored(false)));
    });

    it(`on ${face}: an organization member's mention stores the name`, async () => {
      const f = await sightFixture();
      expect(await storedBy(face, f, f.editor)).toEqual(Array(4).fill(f.stored(true)));
    });
  }
});
