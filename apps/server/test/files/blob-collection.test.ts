/**
 * The blob collection over a real server (HTTP uploads, the store, the data directory's blob
 * store, the test clock): a deleted space's file goes once the space is purged (its revisions
 * with it) and the grace, a deleted organization's once its purge job has run, and the
 * has passed; a file named only by an old revision of another space stays, and so does one
 * two spaces share while either names it; a blob stored and never named stays through its
 * grace; a dry run deletes nothing; a put of old bytes just before the sweep keeps them; a
 * store that cannot list its collections refuses to collect.
 */
import { randomBytes } from 'node:crypto';
import { operations, purgeDeletedSpaces } from '@quire/domain';
import { collectUnreferencedBlobs, StoreNotListableError } from '@quire/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workJobToEnd } from '../jobs/worker-events';
import { customizedSiteFixture } from '../site-customization/customization-support';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  // The schedule and the worker stay out of the way: the tests run the collection and the
  // organization's purge themselves.
  server = await startTestServer({
    QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS: '0',
    QUIRE_JOBS_IN_SERVER: 'false',
  });
  org = await createOrganization(server);
});
afterAll(() => server.close());

async function createSpace(title: string, owner = org): Promise<string> {
  const created = await server.api(`/v1/orgs/${owner.organization.id}/spaces`, {
    method: 'POST',
    token: owner.admin.token,
    body: { title },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Uploads `bytes` into the space's live content (the byte upload); answers the file's id and hash. */
async function upload(
  spaceId: string,
  bytes: Uint8Array,
  query: string,
  owner = org,
): Promise<{ id: string; hash: string }> {
  const response = await fetch(`${server.url}/v1/spaces/${spaceId}/content/files/upload?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.admin.token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  const hash = /\/files\/([0-9a-f]{64})\//.exec(body.downloadURL)?.[1];
  if (!hash) throw new Error(`no hash in ${body.downloadURL}`);
  return { id: body.id, hash };
}

const someBytes = () => new Uint8Array(randomBytes(2048));

async function deleteAndPurge(spaceId: string): Promise<void> {
  await server.callOperation(operations.spaces.remove, org.admin, { spaceId });
  server.clock.advanceDays(8);
  const { purged } = await purgeDeletedSpaces(server.services, server.clock.now());
  expect(purged).toContain(spaceId);
  // What named its files went with it: its revisions (the content objects stay, reached from none).
  expect(await server.store.db.collection('revisions').countDocuments({ spaceId })).toBe(0);
}

const collect = (dryRun = false) => server.services.blobCollection.run({ dryRun });
const has = (hash: string) => server.services.blobs.has(hash);

describe('the blob collection', () => {
  it("deletes a purged space's file after the grace; keeps a file named only by an old revision of another space", async () => {
    const doomed = await createSpace('Doomed');
    const gone = await upload(doomed, someBytes(), 'name=gone.bin');
    const kept = await createSpace('Kept');
    const old = await upload(kept, someBytes(), 'name=report.bin');
    // Replaced: only the revision before the replacement names the old bytes.
    const replacement = await upload(kept, someBytes(), `name=report.bin&replace=${old.id}`);
    expect(replacement.hash).not.toBe(old.hash);
    await deleteAndPurge(doomed);

    const report = await collect();
    expect(report.deleted).toBeGreaterThanOrEqual(1);
    expect(await has(gone.hash)).toBe(false);
    expect(await has(old.hash)).toBe(true);
    expect(await has(replacement.hash)).toBe(true);
    // The file's download now answers 404, the kept ones their bytes.
    expect((await fetch(`${server.url}/files/${gone.hash}/gone.bin`)).status).toBe(404);
    expect((await fetch(`${server.url}/files/${old.hash}/report.bin`)).status).toBe(200);
  });

  it("deletes a purged organization's files after the grace, and only them", async () => {
    const doomed = await createOrganization(server);
    const shared = someBytes();
    const own = await upload(await createSpace('Doomed', doomed), someBytes(), 'name=own.bin', doomed);
    const both = await upload(await createSpace('Shared', doomed), shared, 'name=both.bin', doomed);
    expect((await upload(await createSpace('Survivor'), shared, 'name=both.bin')).hash).toBe(both.hash);
    const deleted = await server.api(`/v1/orgs/${doomed.organization.id}`, {
      method: 'DELETE',
      token: doomed.admin.token,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    await workJobToEnd(server.services, deleted.body.id);
    expect((await server.services.repos.jobs.findById(deleted.body.id))?.state).toBe('done');
    // Named by the purged organization's records only until its purge; a day on, its own file goes.
    server.clock.advanceDays(2);
    await collect();
    expect(await has(own.hash)).toBe(false);
    expect(await has(both.hash)).toBe(true);
  });

  it('keeps a blob two spaces share while one of them still names it', async () => {
    const shared = someBytes();
    const first = await createSpace('First');
    const second = await createSpace('Second');
    const inFirst = await upload(first, shared, 'name=shared.bin');
    const inSecond = await upload(second, shared, 'name=shared-too.bin');
    expect(inSecond.hash).toBe(inFirst.hash);
    await deleteAndPurge(first);
    await collect();
    expect(await has(inFirst.hash)).toBe(true);
    await deleteAndPurge(second);
    await collect();
    expect(await has(inFirst.hash)).toBe(false);
  });

  it('keeps a blob no record names through its grace, by the clock, then deletes it', async () => {
    // Bytes stored for an upload that was then refused: no record will ever name them.
    const { hash } = await server.services.blobs.put(someBytes());
    server.clock.advance(23 * HOUR);
    const within = await collect();
    expect(await has(hash)).toBe(true);
    expect(within.young).toBeGreaterThanOrEqual(1);
    server.clock.advance(2 * HOUR);
    await collect();
    expect(await has(hash)).toBe(false);
  });

  it('a put of bytes already stored dates them again: kept for another grace', async () => {
    const bytes = someBytes();
    const { hash } = await server.services.blobs.put(bytes);
    server.clock.advanceDays(3);
    // An upload deduplicated onto the old blob, whose record is not written yet.
    await server.services.blobs.put(bytes);
    await collect();
    expect(await has(hash)).toBe(true);
  });

  it("a site's customization naming a stored file again dates it, so a collection reading the records meanwhile keeps it; one naming no file is refused", async () => {
    const site = await customizedSiteFixture(server);
    const { hash } = await server.services.blobs.put(someBytes());
    server.clock.advanceDays(3);
    // A run starting now, whose mark has read the sites already: the blob is a candidate.
    const cutoff = server.clock.now().getTime() - DAY;
    const address = (named: string) => `${server.config.publicUrl}/files/${named}/preview.png`;
    await site.ok('PUT', '/customization', { socialPreview: { url: address(hash) } });
    expect(await server.services.blobs.deleteIfNotPutSince(hash, cutoff)).toBe('young');
    await collect();
    expect(await has(hash)).toBe(true);
    const refused = await site.call('PUT', '/customization', {
      socialPreview: { url: address('0'.repeat(64)) },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  });

  it('a dry run counts what it would delete and deletes nothing', async () => {
    const { hash } = await server.services.blobs.put(someBytes());
    server.clock.advanceDays(2);
    const dry = await collect(true);
    expect(dry).toMatchObject({ dryRun: true });
    expect(dry.deleted).toBeGreaterThanOrEqual(1);
    expect(dry.deletedBytes).toBeGreaterThanOrEqual(2048);
    expect(await has(hash)).toBe(true);
    const real = await collect();
    expect(real.deleted).toBe(dry.deleted);
    expect(real.deletedBytes).toBe(dry.deletedBytes);
    expect(await has(hash)).toBe(false);
  });

  it('refuses to run on a store that cannot list its collections, deleting nothing', async () => {
    const { hash } = await server.services.blobs.put(someBytes());
    server.clock.advanceDays(2);
    const { collectionNames: _, ...unlistable } = server.store;
    await expect(
      collectUnreferencedBlobs(unlistable, server.services.blobs, { graceMs: HOUR }),
    ).rejects.toBeInstanceOf(StoreNotListableError);
    expect(await has(hash)).toBe(true);
  });
});
