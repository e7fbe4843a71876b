/**
 * The revisions a site API token reads (issue 28, items 2 and 10; `policies/site-token-
 * access.ts`, rules 5-7): the space's current revision and its history, never a change
 * request's own revision, whoever learnt its id — 404, on every face, for every read that
 * names a revision (the revision, its pages, a page's document, its changes against it). A
 * member reads them all as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  expectRefusal,
  type Json,
  type LookupFixture,
  lookupFixture,
  resolved,
  withToken,
} from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
let space: string;
/** The docs space's revisions: its first (history), a change request's own, the merge of another, its second parent. */
const revisions = { history: '', draft: '', merge: '', mergedDraft: '' };
let draftPage: string;

beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
  space = `/v1/spaces/${f.spaces.docs}`;
  revisions.history = (await f.admin('GET', space)).revision;
  await f.admin('POST', `${space}/content`, {
    changes: [{ operation: 'insert_page', title: 'Published', document: { markdown: 'Live.\n' } }],
  });
  const draft = await f.admin('POST', `${space}/change-requests`, { subject: 'Not yet' });
  revisions.draft = (
    await f.admin('POST', `${space}/change-requests/${draft.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Secret', document: { markdown: 'Unreleased plans.\n' } }],
    })
  ).revision;
  const draftPages = await f.admin('GET', `${space}/revisions/${revisions.draft}/pages`);
  draftPage = draftPages.pages.find((page: Json) => page.title === 'Secret').id;
  const merged = await f.admin('POST', `${space}/change-requests`, { subject: 'Shipped' });
  await f.admin('POST', `${space}/change-requests/${merged.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Shipped', document: { markdown: 'Now live.\n' } }],
  });
  revisions.mergedDraft = (await f.admin('GET', `${space}/change-requests/${merged.id}`)).revision;
  revisions.merge = (await f.admin('POST', `${space}/change-requests/${merged.id}/merge`)).revision;
});
afterAll(() => server.close());

const tokenFor = async (url: string): Promise<string> => (await resolved(server, url)).apiToken;

describe("a site API token and the space's revisions", () => {
  it('reads the current revision and its history', async () => {
    const token = await tokenFor(`${f.base}docs`);
    const current = (await withToken(server, token, space)).body.revision;
    expect(current).toBe(revisions.merge);
    for (const path of [
      `${space}/revisions/${current}`,
      `${space}/revisions/${revisions.history}`,
      `${space}/revisions/${revisions.history}/pages`,
      `${space}/revisions/${current}/changes?from=${revisions.history}`,
      `${space}/revisions/${revisions.history}/page/${f.pages.guide}/document`,
    ]) {
      const response = await withToken(server, token, path);
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    }
  });

  it("never reads a change request's own revision, merged or not: 404 for every read naming it", async () => {
    const token = await tokenFor(`${f.base}docs`);
    for (const revision of [revisions.draft, revisions.mergedDraft]) {
      for (const path of [
        `${space}/revisions/${revision}`,
        `${space}/revisions/${revision}/pages`,
        `${space}/revisions/${revision}/changes`,
        `${space}/revisions/${revisions.merge}/changes?from=${revision}`,
        `${space}/revisions/${revision}/files`,
        `${space}/revisions/${revision}/path/secret`,
      ]) {
        expectRefusal(await withToken(server, token, path), 404, 'not_found');
      }
    }
    const secret = await withToken(
      server,
      token,
      `${space}/revisions/${revisions.draft}/page/${draftPage}/document`,
    );
    expectRefusal(secret, 404, 'not_found');
    expect(JSON.stringify(secret.body)).not.toContain('Unreleased');
  });

  it('is never shown the change request a merge revision merged (mergedFrom): a change request is no published content', async () => {
    const token = await tokenFor(`${f.base}docs`);
    for (const path of [space + '/content', `${space}/revisions/${revisions.merge}`]) {
      const read = await withToken(server, token, path);
      expect(read.status, path).toBe(200);
      expect(read.body.type).toBe('merge');
      expect(read.body.mergedFrom, path).toBeUndefined();
      expect(JSON.stringify(read.body), path).not.toContain('"object":"change-request"');
    }
    // The change request itself is a 404 to the visitor: what mergedFrom showed of it.
    const shipped = (await f.admin('GET', `${space}/content`)).mergedFrom;
    expect(shipped.subject).toBe('Shipped');
    expectRefusal(await withToken(server, token, `${space}/change-requests/${shipped.id}`), 404, 'not_found');
  });

  it('answers the same on REST, GraphQL and tRPC', async () => {
    const route = findRoute('GET /v1/spaces/:spaceId/revisions/:revisionId');
    expect(route).toBeDefined();
    if (!route) return;
    const token = await tokenFor(`${f.base}docs`);
    const refused = await callFaces(server, {
      route,
      input: { spaceId: f.spaces.docs, revisionId: revisions.draft },
      token,
    });
    for (const answer of Object.values(refused)) expect(answer.status, answer.face).toBe(404);
    const read = await callFaces(server, {
      route,
      input: { spaceId: f.spaces.docs, revisionId: revisions.history },
      token,
    });
    for (const answer of Object.values(read)) expect(answer.status, answer.face).toBe(200);
  });

  it("leaves a member's reads as they were: the organization's admin reads the change request's revision", async () => {
    const read: Json = await f.admin('GET', `${space}/revisions/${revisions.draft}`);
    expect(read.id).toBe(revisions.draft);
  });
});
