/**
 * What a docs renderer reads to show a page (issue 28, item 3), through real HTTP: a page's
 * document in a revision (`evaluated`, `dereferenced` honoured), the bare document by id, a
 * page's meta links on the current content, a revision and a change request, and computed
 * documents (none in Quire); the same answers on REST, GraphQL and tRPC; unknown ids and
 * ids of another space's documents are 404s.
 */
import { contentAddressOf } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFaces, findRoute } from '../support/faces/call-faces';
import type { Face, FaceResponse } from '../support/faces/face-call';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

async function call(token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

const get = (token: string, path: string) => server.api(path, { token });

/**
 * A space whose page "Guide" includes a reusable content and shows a variable, and a second
 * space of another organization, with its own page.
 */
async function fixture() {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const spaceId = space.id as string;
  const made = await call(token, 'POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      {
        operation: 'insert_reusable_content',
        ref: 'note',
        title: 'Note',
        document: { markdown: 'Back up first.\n' },
      },
      { operation: 'update_variables', variables: { version: '2.1' } },
    ],
  });
  const reusableContentId = made.changes[0].reusableContent as string;
  const edited = await call(token, 'POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      {
        operation: 'insert_page',
        title: 'Guide',
        document: {
          markdown: `Version {{ space.vars.version }} is **out**.\n\n{% include "/reusable-contents/${reusableContentId}" %}\n`,
        },
      },
      { operation: 'insert_page', type: 'group', title: 'Group' },
    ],
  });
  const pageId = edited.changes[0].page.id as string;
  const groupId = edited.changes[1].page.id as string;
  const other = await createOrganization(server);
  const otherSpace = await call(other.admin.token, 'POST', `/v1/orgs/${other.organization.id}/spaces`, {
    title: 'Other',
  });
  await call(other.admin.token, 'POST', `/v1/spaces/${otherSpace.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Secret', document: { markdown: 'Secret plans.\n' } }],
  });
  const otherContent = await call(other.admin.token, 'POST', `/v1/spaces/${otherSpace.id}/content`, {
    changes: [
      { operation: 'insert_reusable_content', title: 'Secret', document: { markdown: 'Secret plans.\n' } },
    ],
  });
  const otherDocument = (
    await call(
      other.admin.token,
      'GET',
      `/v1/spaces/${otherSpace.id}/content/reusable-contents/${otherContent.changes[0].reusableContent}`,
    )
  ).document as string;
  return {
    org,
    token,
    spaceId,
    revisionId: edited.revision as string,
    pageId,
    groupId,
    reusableContentId,
    otherSpaceId: otherSpace.id as string,
    otherToken: other.admin.token,
    otherDocument,
  };
}

const text = (document: Json): string => JSON.stringify(document);

describe('GET SPACE/revisions/{revisionId}/page/{pageId}/document', () => {
  it("answers the page's document, as the page read has it, resolved only when asked", async () => {
    const f = await fixture();
    const base = `/v1/spaces/${f.spaceId}/revisions/${f.revisionId}/page/${f.pageId}`;
    const bare = await get(f.token, `${base}/document`);
    expect(bare.status, text(bare.body)).toBe(200);
    expect(bare.body.object).toBe('document');
    expect(Array.isArray(bare.body.nodes)).toBe(true);
    // The same tree the page read carries.
    const page = await call(f.token, 'GET', base);
    expect(bare.body).toEqual(page.document);
    // The page names its document (its body's id), which the documents route serves bare.
    expect(typeof page.documentId).toBe('string');
    const byId = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${page.documentId}`);
    expect(byId.status, text(byId.body)).toBe(200);
    expect(byId.body).toEqual(bare.body);
    // Stored form: the include is a reference, the variable an expression.
    expect(text(bare.body)).toContain('"reusable-content"');
    expect(text(bare.body)).toContain('"expression"');
    expect(text(bare.body)).not.toContain('Back up first.');

    const evaluated = await get(f.token, `${base}/document?evaluated=deterministic-only`);
    expect(text(evaluated.body)).not.toContain('"expression"');
    expect(text(evaluated.body)).toContain('2.1');
    expect(text(evaluated.body)).toContain('"reusable-content"');

    const dereferenced = await get(f.token, `${base}/document?dereferenced=reusable-contents&evaluated=true`);
    expect(text(dereferenced.body)).toContain('Back up first.');
    expect(text(dereferenced.body)).not.toContain('"reusable-content"');
  });

  it('answers 404 for an unknown page, revision or space, a group page, and another space’s page', async () => {
    const f = await fixture();
    const space = `/v1/spaces/${f.spaceId}`;
    for (const path of [
      `${space}/revisions/${f.revisionId}/page/no-such-page/document`,
      `${space}/revisions/no-such-revision/page/${f.pageId}/document`,
      `/v1/spaces/no-such-space/revisions/${f.revisionId}/page/${f.pageId}/document`,
      `${space}/revisions/${f.revisionId}/page/${f.groupId}/document`,
    ]) {
      const response = await get(f.token, path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe(404);
    }
    // A caller of another organization: the space does not exist for them.
    const hidden = await get(f.otherToken, `${space}/revisions/${f.revisionId}/page/${f.pageId}/document`);
    expect(hidden.status).toBe(404);
  });

  it('refuses a read option outside GitBook’s values, naming it', async () => {
    const f = await fixture();
    const base = `/v1/spaces/${f.spaceId}/revisions/${f.revisionId}/page/${f.pageId}/document`;
    for (const [query, field] of [
      ['evaluated=sometimes', 'evaluated'],
      ['dereferenced=everything', 'dereferenced'],
      ['format=markdown', 'format'],
    ] as const) {
      const response = await get(f.token, `${base}?${query}`);
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.body.error), query).toContain(field);
    }
  });
});

describe('GET SPACE/documents/{documentId}', () => {
  it('answers the bare document of a reusable content and of a page, by the id the content gives', async () => {
    const f = await fixture();
    const content = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
    );
    const document = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${content.document}`);
    expect(document.status, text(document.body)).toBe(200);
    expect(text(document.body)).toContain('Back up first.');
    const resolved = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}/document`,
    );
    expect(document.body).toEqual(resolved);
    const versioned = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${content.document}?schema=next`);
    expect(versioned.body).toEqual(document.body);
  });

  it('answers a change request’s edited reusable contents, and 404 for what no content of the space holds', async () => {
    const f = await fixture();
    const changeRequest = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, {
      subject: 'Edit',
    });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${changeRequest.id}/content`, {
      changes: [
        {
          operation: 'update_reusable_content',
          reusableContent: f.reusableContentId,
          document: { markdown: 'Back up twice.\n' },
        },
      ],
    });
    const inChangeRequest = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/change-requests/${changeRequest.id}/content/reusable-contents/${f.reusableContentId}`,
    );
    const document = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${inChangeRequest.document}`);
    expect(document.status, text(document.body)).toBe(200);
    expect(text(document.body)).toContain('Back up twice.');

    // A page's document by its id (its body's address): the live content's is served; one only a
    // change request's page has is not (a renderer reads those through the page-document route).
    const bodyId = (markdown: string) => contentAddressOf({ kind: 'body', markdown });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'insert_page', title: 'Live', document: { markdown: 'Live text.\n' } }],
    });
    const live = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${bodyId('Live text.\n')}`);
    expect(live.status, text(live.body)).toBe(200);
    expect(text(live.body)).toContain('Live text.');
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${changeRequest.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: 'Draft text.\n' } }],
    });
    const draftPage = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${bodyId('Draft text.\n')}`);
    expect(draftPage.status).toBe(404);

    // Another space's document, by its exact id, is not this space's: 404, and not its text.
    const foreign = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${f.otherDocument}`);
    expect(foreign.status).toBe(404);
    expect(text(foreign.body)).not.toContain('Secret');
    // Its own space serves it to its own members.
    const own = await get(f.otherToken, `/v1/spaces/${f.otherSpaceId}/documents/${f.otherDocument}`);
    expect(own.status).toBe(200);
    for (const id of ['no-such-document', 'a'.repeat(43)]) {
      const unknown = await get(f.token, `/v1/spaces/${f.spaceId}/documents/${id}`);
      expect(unknown.status, id).toBe(404);
    }
    // A caller of another organization: the space does not exist for them.
    const hidden = await get(f.otherToken, `/v1/spaces/${f.spaceId}/documents/${inChangeRequest.document}`);
    expect(hidden.status).toBe(404);
  });
});

describe('meta links', () => {
  it('answers GitBook’s RevisionPageMetaLinks on the current content, a revision and a change request', async () => {
    const f = await fixture();
    const changeRequest = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, {
      subject: 'Edit',
    });
    const space = `/v1/spaces/${f.spaceId}`;
    for (const base of [
      `${space}/content`,
      `${space}/revisions/${f.revisionId}`,
      `${space}/change-requests/${changeRequest.id}/content`,
    ]) {
      const links = await get(f.token, `${base}/page/${f.pageId}/meta-links`);
      expect(links.status, base).toBe(200);
      // No canonical link (a renderer uses the page's own URL), no alternates.
      expect(links.body, base).toEqual({ alternates: [] });
      const unknown = await get(f.token, `${base}/page/no-such-page/meta-links`);
      expect(unknown.status, base).toBe(404);
    }
  });
});

describe('POST SPACE/content/computed/document', () => {
  it('is a 404 for every source (Quire computes no content), after validating it', async () => {
    const f = await fixture();
    const path = `/v1/spaces/${f.spaceId}/content/computed/document`;
    const post = (body: unknown, token = f.token) => server.api(path, { method: 'POST', token, body });
    for (const source of [
      {
        type: 'builtin:openapi',
        dependencies: { spec: { ref: { kind: 'openapi', spec: 'api' } } },
        props: { doc: 'models' },
      },
      { type: 'builtin:translation', props: { space: f.spaceId, document: 'x' } },
      { type: 'integration:acme:page', props: { a: [1, 'two', { three: true }] } },
    ]) {
      const response = await post({ source, seed: 'seed' });
      expect(response.status, source.type).toBe(404);
      expect(response.body.error.message).toContain('Computed content');
    }
    const refused = await post({ source: { type: 'script:run' }, seed: 'seed' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain('source.type');
    let deep: Json = 'leaf';
    for (let i = 0; i < 20; i++) deep = { deep };
    const tooDeep = await post({ source: { type: 'integration:a:b', props: deep }, seed: 'seed' });
    expect(tooDeep.status).toBe(400);
    expect(JSON.stringify(tooDeep.body.error)).toContain('source.props');
    const missingSeed = await post({ source: { type: 'builtin:openapi' } });
    expect(missingSeed.status).toBe(400);
    // A space the caller cannot see is a 404 for the space, not the source.
    const hidden = await post({ source: { type: 'builtin:openapi' }, seed: 's' }, f.otherToken);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toContain('Space');
  });
});

describe('the three faces', () => {
  it('answer the same documents and meta links on REST, GraphQL and tRPC', async () => {
    const f = await fixture();
    const same = (responses: Record<Face, FaceResponse>) => {
      expect(responses.rest.status, text(responses.rest.body)).toBe(200);
      expect(responses.graphql.data).toEqual(responses.rest.data);
      expect(responses.trpc.data).toEqual(responses.rest.data);
    };
    const content = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/reusable-contents/${f.reusableContentId}`,
    );
    for (const [key, input] of [
      [
        'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/document',
        {
          spaceId: f.spaceId,
          revisionId: f.revisionId,
          pageId: f.pageId,
          dereferenced: true,
          evaluated: true,
        },
      ],
      ['GET /v1/spaces/:spaceId/documents/:documentId', { spaceId: f.spaceId, documentId: content.document }],
    ] as const) {
      const route = findRoute(key);
      if (!route) throw new Error(`no route ${key}`);
      same(await callFaces(server, { route, input, token: f.token }));
      const refused = await callFaces(server, {
        route,
        input: { ...input, spaceId: f.otherSpaceId },
        token: f.token,
      });
      for (const face of ['rest', 'graphql', 'trpc'] as const)
        expect(refused[face].status, `${key} ${face}`).toBe(404);
    }
    // Meta links: GraphQL's answer selected whole (the generic call selects an object's type name only).
    const route = findRoute('GET /v1/spaces/:spaceId/content/page/:pageId/meta-links');
    if (!route) throw new Error('no meta-links route');
    const links = await callFaces(server, {
      route,
      input: { spaceId: f.spaceId, pageId: f.pageId },
      token: f.token,
    });
    expect(links.trpc.data).toEqual(links.rest.data);
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: f.token,
      body: {
        query:
          'query($s: String!, $p: String!) { spacesContentPageMetaLinks(spaceId: $s, pageId: $p) { canonical alternates } }',
        variables: { s: f.spaceId, p: f.pageId },
      },
    });
    expect(graphql.body.data.spacesContentPageMetaLinks).toEqual({ canonical: null, alternates: [] });
    expect(links.graphql.status).toBe(200);
  });
});
