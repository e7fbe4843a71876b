/**
 * Mentions of members in a document written through the API (issue 27, item 2). GitBook's
 * markdown writes a mention of a user as a link whose text is the user's display name,
 * `[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")`; the document holds the id only.
 * A page body sent as a tree, on REST, tRPC and GraphQL alike and into a change request, is
 * stored with the names of the organization's people (members and guests); a user outside the
 * organization is written with the link's URL, and their name appears in no answer. The
 * stored page reads back as the document sent; markdown sent with a mention keeps its text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { addMember, createOrganization, createUser } from '../support/factories';
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
