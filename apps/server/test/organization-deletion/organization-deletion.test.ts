/**
 * Deleting an organization through real HTTP: gone at once for everyone (every listing and
 * address of it answers 404 while its data is still there), then purged by its job, which
 * a stop half-way does not derail (the next run finishes it), with nothing of it left in any
 * collection; another organization sharing its people keeps everything, and the people stay.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enqueueJob, PURGE_ORGANIZATION_JOB, resumeOrganizationPurges } from '@quire/domain';
import { MemoryJournal } from '@quire/store-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workJobToEnd } from '../jobs/worker-events';
import { getPage } from '../reader/reader-fixture';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { openMemoryStore } from '../support/memory-store';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

let server: TestServer;
let dataDir: string;
// The store's writes: the names of the collections written, to look through every one.
const journal = new MemoryJournal();
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quire-org-deletion-'));
  // The server's own worker is off: the test works the purge when it chooses.
  server = await startTestServer(
    { QUIRE_JOBS_IN_SERVER: 'false' },
    { store: { store: await openMemoryStore(journal), dataDir } },
  );
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const collectionsWritten = (): Set<string> =>
  new Set(journal.batches.flatMap((batch) => batch.map((op) => op.c)));

interface Filled {
  org: TestOrganization;
  spaceId: string;
  siteId: string;
  hostname: string;
}

/** An organization holding a bit of everything: pages, a change request, a comment, a collection, a team, an invite link, a published site at a custom hostname. */
async function filledOrganization(
  title: string,
  hostname: string,
  owner?: TestOrganization['admin'],
): Promise<Filled> {
  const org = await createOrganization(server, { title, ...(owner ? { owner } : {}) });
  const token = org.admin.token;
  const ok = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const space = await ok('POST', `${orgPath}/spaces`, { title: `${title} docs` });
  await ok('POST', `/v1/spaces/${space.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Guide.\n' } }],
  });
  await ok('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Proposal' });
  await ok('POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'A remark.' } });
  await ok('POST', `${orgPath}/collections`, { title: 'Shelf' });
  await ok('PUT', `${orgPath}/teams`, { title: 'Writers' });
  await ok('PATCH', orgPath, { inviteLinks: true });
  await ok('POST', `${orgPath}/link-invites`, { role: 'read' });
  const site = await ok('POST', `${orgPath}/sites`, { title: `${title} site` });
  await ok('POST', `${orgPath}/sites/${site.id}/sections`, { spaceId: space.id, title: 'Docs' });
  await ok('PATCH', `${orgPath}/sites/${site.id}`, { visibility: 'public' });
  await ok('POST', `${orgPath}/sites/${site.id}/publish`);
  await ok('PUT', `/v1/custom-hostnames/${hostname}`, { target: { type: 'site', site: site.id } });
  // A proxy's host is claimed by the organization (`proxyHostClaims`): purged with it.
  await ok('PATCH', `${orgPath}/sites/${site.id}`, { proxy: `proxy.${hostname}/docs` });
  return { org, spaceId: space.id, siteId: site.id, hostname };
}

/** Every stored document that names one of `ids`, by collection (the purge's own job aside). */
async function documentsNaming(ids: readonly string[], except: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const name of collectionsWritten()) {
    const docs = await server.store.db.collection<{ _id: string }>(name).find({}).toArray();
    const naming = docs.filter(
      (doc) => doc._id !== except && ids.some((id) => JSON.stringify(doc).includes(id)),
    );
    if (naming.length > 0) found[name] = naming.length;
  }
  return found;
}

describe('deleting an organization', () => {
  let doomed: Filled;
  let kept: Filled;
  let jobId: string;
  let keptBefore: Record<string, number>;

  beforeAll(async () => {
    doomed = await filledOrganization('Doomed', 'docs.doomed.test');
    // The same admin heads another organization, with as much in it.
    kept = await filledOrganization('Kept', 'docs.kept.test', doomed.org.admin);
    keptBefore = await documentsNaming([kept.org.organization.id, kept.spaceId, kept.siteId], '');
  });

  it('refuses a member who is not an admin (403) and an outsider (404), writing nothing', async () => {
    const path = `/v1/orgs/${doomed.org.organization.id}`;
    const reader = await addMember(server, doomed.org.organization.id, 'read');
    expect((await server.api(path, { method: 'DELETE', token: reader.token })).status).toBe(403);
    const stranger = await createOrganization(server);
    expect((await server.api(path, { method: 'DELETE', token: stranger.admin.token })).status).toBe(404);
    expect((await server.api(path, { token: reader.token })).status).toBe(200);
  });

  it('hides the organization at once, everywhere, while its data awaits the purge', async () => {
    const id = doomed.org.organization.id;
    const token = doomed.org.admin.token;
    const deleted = await server.api(`/v1/orgs/${id}`, { method: 'DELETE', token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    expect(deleted.body).toMatchObject({ kind: 'organization.purge', state: 'pending' });
    jobId = deleted.body.id;

    const gone = [
      `/v1/orgs/${id}`,
      `/v1/orgs/${id}/spaces`,
      `/v1/orgs/${id}/members`,
      `/v1/orgs/${id}/sites`,
      `/v1/orgs/${id}/search?query=guide`,
      `/v1/spaces/${doomed.spaceId}`,
      `/v1/spaces/${doomed.spaceId}/content`,
      `/v1/orgs/${id}/sites/${doomed.siteId}`,
      `/v1/custom-hostnames/${doomed.hostname}`,
      `/v1/jobs/${jobId}`,
    ];
    for (const path of gone) expect((await server.api(path, { token })).status, path).toBe(404);
    expect((await server.api(`/v1/orgs/${id}/sites/${doomed.siteId}/published`)).status).toBe(404);
    expect((await getPage(server, '/', { host: doomed.hostname })).status).toBe(404);
    const lookup = await server.api('/v1/urls/published', {
      method: 'POST',
      body: { url: `https://${doomed.hostname}/` },
    });
    expect(lookup.status).toBe(404);
    const listed = await server.api('/v1/orgs', { token });
    expect(listed.body.items.map((org: Json) => org.id)).toEqual([kept.org.organization.id]);
    expect((await server.api(`/v1/orgs/${id}`, { method: 'DELETE', token })).status).toBe(404);
    // Nothing purged yet: the data is all there, only out of sight.
    expect(await documentsNaming([doomed.spaceId], jobId)).not.toEqual({});
    // The other organization answers as before.
    expect((await getPage(server, '/', { host: kept.hostname })).status).toBe(200);
    expect((await server.api(`/v1/spaces/${kept.spaceId}/content`, { token })).status).toBe(200);
  });

  it('purges everything it held, even after a purge stopped half-way, and nothing else', async () => {
    const id = doomed.org.organization.id;
    // A run stopped after three batches (its worker killed): some of the data gone, not all.
    for (let batch = 0; batch < 3; batch++) {
      expect(await server.services.repos.organizationData.purgeBatch(id, jobId, 2)).not.toBeNull();
    }
    expect(await documentsNaming([id, doomed.spaceId, doomed.siteId], jobId)).not.toEqual({});
    expect((await server.api(`/v1/orgs/${id}`, { token: doomed.org.admin.token })).status).toBe(404);

    // The next run (after the restart, the job taken over) finishes from where the data stands.
    await workJobToEnd(server.services, jobId);
    const job = await server.services.repos.jobs.findById(jobId);
    expect(job?.state, JSON.stringify(job?.error)).toBe('done');
    expect(await documentsNaming([id, doomed.spaceId, doomed.siteId, doomed.hostname], jobId)).toEqual({});
    expect(await server.services.repos.organizations.findDeleted(id)).toBeNull();

    // The other organization lost nothing; the people stay.
    expect(await documentsNaming([kept.org.organization.id, kept.spaceId, kept.siteId], '')).toEqual(
      keptBefore,
    );
    expect(await server.services.repos.users.findById(doomed.org.admin.user.id)).not.toBeNull();
    expect((await server.api('/v1/orgs', { token: doomed.org.admin.token })).status).toBe(200);
    // Its hostname is free again.
    const reclaimed = await server.api(`/v1/custom-hostnames/${doomed.hostname}`, {
      method: 'PUT',
      token: kept.org.admin.token,
      body: { target: { type: 'site', site: kept.siteId } },
    });
    expect(reclaimed.status, JSON.stringify(reclaimed.body)).toBeLessThan(300);
  });

  it("starts the purge again of an organization marked deleted whose job never came, and drops its jobs' files", async () => {
    // The process stopped between the mark and the job's insert.
    const orphan = await createOrganization(server, { title: 'Orphan' });
    const id = orphan.organization.id;
    const { repos, jobFiles } = server.services;
    // A job of it keeping bytes under its key (as a pending import of a local file does).
    await jobFiles.put('orphan-upload', new Uint8Array([1, 2, 3]));
    await enqueueJob(server.services, {
      kind: 'test.keeps-a-file',
      payload: { fileKey: 'orphan-upload' },
      organizationId: id,
      createdBy: orphan.admin.user.id,
      maxAttempts: 1,
    });
    expect(await repos.organizations.markDeleted(id, new Date().toISOString())).not.toBeNull();
    expect(await resumeOrganizationPurges(server.services)).toEqual([id]);
    // Its job is pending now: not started twice.
    expect(await resumeOrganizationPurges(server.services)).toEqual([]);
    const job = await repos.jobs.findLatestByKey(PURGE_ORGANIZATION_JOB, id);
    await workJobToEnd(server.services, job!.id);
    expect(await repos.organizations.findDeleted(id)).toBeNull();
    expect(await repos.members.find(id, orphan.admin.user.id)).toBeNull();
    expect(await jobFiles.read('orphan-upload')).toBeNull();
    expect(await resumeOrganizationPurges(server.services)).toEqual([]);
  });
});
