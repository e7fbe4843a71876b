/**
 * A space made before content existed (its record names no revision), through real HTTP:
 * every read answers its first, empty revision and writes nothing (the store's journal
 * takes no batch, the revisions collection holds none of the space's), and so does every
 * query of the route table that names the space, on each face; the first write stores that
 * same revision (same id) and builds on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryJournal } from '@quire/store-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/faces/rest/route-table';
import { callFaces } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { createOrganization, type TestOrganization } from '../support/factories';
import { openMemoryStore } from '../support/memory-store';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let dataDir: string;
const journal = new MemoryJournal();
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quire-test-'));
  server = await startTestServer({}, { store: { store: await openMemoryStore(journal), dataDir } });
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

let made = 0;

/** The required fields of the queries that have some besides their path. */
const MORE_INPUT: Record<string, Record<string, unknown>> = {
  'spaces.search': { query: 'anything' },
  'spaces.searchInOrganization': { query: 'anything' },
};

/** A space stored as spaces were before content existed: a record without `revisionId`. */
async function oldSpace(org: TestOrganization): Promise<string> {
  const response = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Today' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const today = await server.services.repos.spaces.findById(response.body.id);
  if (!today) throw new Error('the space just made is missing');
  const { revisionId: _none, ...before } = today;
  const id = `old${Date.now().toString(36)}${++made}`;
  await server.services.repos.spaces.insert({
    ...before,
    id,
    title: 'Old',
    position: `${today.position}V`,
    shareKey: `${today.shareKey}old`,
  });
  return id;
}

const read = async (token: string, path: string): Promise<Json> => {
  const response = await server.api(path, { token });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
};

/** Every GET of the space's content, pages, files, history, comments, links and search. */
const readPaths = (id: string) => [
  `/v1/spaces/${id}`,
  `/v1/spaces/${id}/content`,
  `/v1/spaces/${id}/content/pages`,
  `/v1/spaces/${id}/content/files`,
  `/v1/spaces/${id}/revisions`,
  `/v1/spaces/${id}/comments`,
  `/v1/spaces/${id}/links`,
  `/v1/spaces/${id}/search?query=anything`,
];

describe('a space made before content existed', () => {
  it('is read as an empty first revision, and no read writes anything', async () => {
    const org = await createOrganization(server);
    const id = await oldSpace(org);
    const batches = journal.batches.length;

    for (const path of readPaths(id)) await read(org.admin.token, path);
    expect(journal.batches.slice(batches)).toEqual([]);
    expect(await server.services.repos.revisions.countForSpace(id)).toBe(0);
    expect((await server.services.repos.spaces.findById(id))?.revisionId).toBeUndefined();

    // The revision read is the space's first, named by the space's id, readable by it.
    const content = await read(org.admin.token, `/v1/spaces/${id}/content`);
    expect(content).toMatchObject({ object: 'revision', id, parents: [], pages: [], files: [] });
    expect((await read(org.admin.token, `/v1/spaces/${id}`)).revision).toBe(id);
    expect((await read(org.admin.token, `/v1/spaces/${id}/revisions`)).items).toMatchObject([
      { id, parents: [], type: 'edits' },
    ]);
    expect(await read(org.admin.token, `/v1/spaces/${id}/revisions/${id}`)).toMatchObject({ id, pages: [] });
    expect(await read(org.admin.token, `/v1/spaces/${id}/revisions/${id}/changes`)).toEqual({ changes: [] });
    expect(journal.batches.slice(batches)).toEqual([]);
  });

  it('is read by every query naming it, on every face, and none writes anything', async () => {
    const org = await createOrganization(server);
    const id = await oldSpace(org);
    const batches = journal.batches.length;
    const routes = restRoutes.filter(
      (route) =>
        route.operation.kind === 'query' &&
        /^\/v1\/(spaces\/:spaceId|orgs\/:organizationId)(\/|$)/.test(route.path),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      // Every path parameter names the old space (as a revision too) or its organization;
      // the others name nothing, which a read refuses only after finding the space's content.
      const input: Record<string, unknown> = { ...MORE_INPUT[route.operation.name] };
      for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
        if (name === undefined) continue;
        input[name] =
          name === 'spaceId' || name === 'revisionId'
            ? id
            : name === 'organizationId'
              ? org.organization.id
              : 'nope';
      }
      const responses = await callFaces(server, { route, input, token: org.admin.token });
      for (const response of Object.values(responses)) {
        expect
          .soft(response.status, `${route.method} ${route.path}: ${describeResponse(response)}`)
          .toBeLessThan(500);
      }
      expect(journal.batches.slice(batches), `${route.method} ${route.path} wrote`).toEqual([]);
    }
    expect(await server.services.repos.revisions.countForSpace(id)).toBe(0);
  });

  it('has that first revision stored by its first edit, which builds on it', async () => {
    const org = await createOrganization(server);
    const id = await oldSpace(org);
    const edited = await server.api(`/v1/spaces/${id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Hello.' } }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const content = await read(org.admin.token, `/v1/spaces/${id}/content`);
    expect(content.parents).toEqual([id]);
    expect(content.pages.map((page: Json) => page.title)).toEqual(['Guide']);
    expect(await server.services.repos.revisions.countForSpace(id)).toBe(2);
    expect(await read(org.admin.token, `/v1/spaces/${id}/revisions/${id}`)).toMatchObject({
      id,
      parents: [],
      pages: [],
    });
    const history = await read(org.admin.token, `/v1/spaces/${id}/revisions`);
    expect(history.items.map((revision: Json) => revision.id)).toEqual([content.id, id]);
  });

  it('has that first revision stored by a change request, its base', async () => {
    const org = await createOrganization(server);
    const id = await oldSpace(org);
    const created = await server.api(`/v1/spaces/${id}/change-requests`, {
      method: 'POST',
      token: org.admin.token,
      body: { subject: 'First' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await server.services.repos.spaces.findById(id))?.revisionId).toBe(id);
    expect(await server.services.repos.revisions.countForSpace(id)).toBe(1);
    const proposed = await read(
      org.admin.token,
      `/v1/spaces/${id}/change-requests/${created.body.number}/content`,
    );
    expect(proposed).toMatchObject({ id, pages: [] });
  });

  it('is duplicated as an empty space without storing the original its revision', async () => {
    const org = await createOrganization(server);
    const id = await oldSpace(org);
    const copy = await server.api(`/v1/spaces/${id}/duplicate`, { method: 'POST', token: org.admin.token });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect((await read(org.admin.token, `/v1/spaces/${copy.body.id}/content`)).pages).toEqual([]);
    expect(await server.services.repos.revisions.countForSpace(id)).toBe(0);
  });
});
