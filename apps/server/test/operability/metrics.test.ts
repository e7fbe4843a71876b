/**
 * `/metrics` through the real server: requests counted under their route pattern (never a
 * URL with its ids) by method and status, with latency buckets; the process's figures; the
 * store's figures, which follow what the store does (documents written, fsyncs, a disk
 * that fails and recovers); and the optional token.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryIndexes } from '@quire/persistence';
import { ensureIndexes } from '@quire/store';
import { FaultInjectingFs, openEmbeddedStore } from '@quire/store-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOnStore } from '../support/data-dir-server';
import { createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/** The samples of a metric family, by their label text (`{method="GET",...}`, or '' without labels). */
function samplesOf(text: string, name: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] === name) samples.set(match[2] ?? '', Number(match[3]));
  }
  return samples;
}

async function scrape(server: TestServer, token?: string): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe('/metrics of a server over the embedded store', () => {
  let server: TestServer;
  beforeAll(async () => {
    // On disk, opened as the server opens it: the figures are the embedded store's.
    server = await startTestServer({}, { onDisk: true });
  });
  afterAll(() => server.close());

  it('counts requests by route pattern, method and status, with latency buckets, never by URL', async () => {
    const { organization, admin } = await createOrganization(server);
    for (let i = 0; i < 3; i++)
      expect((await server.api(`/v1/orgs/${organization.id}`, { token: admin.token })).status).toBe(200);
    expect((await server.api('/v1/spaces/no-such-space', { token: admin.token })).status).toBe(404);
    expect((await server.api('/no/such/route')).status).toBe(404);

    const text = await scrape(server);
    const counts = samplesOf(text, 'quire_http_request_duration_seconds_count');
    expect(counts.get('{method="GET",route="/v1/orgs/:organizationId",status="200"}')).toBe(3);
    expect(counts.get('{method="GET",route="/v1/spaces/:spaceId",status="404"}')).toBe(1);
    expect(text).not.toContain(organization.id);
    expect(text).not.toContain('no-such-space');
    expect(text).not.toContain('/no/such/route');

    const buckets = samplesOf(text, 'quire_http_request_duration_seconds_bucket');
    const ofRoute = [...buckets].filter(([labels]) => labels.includes('route="/v1/orgs/:organizationId"'));
    expect(ofRoute.length).toBeGreaterThan(10);
    expect(ofRoute.at(-1)).toEqual([expect.stringContaining('le="+Inf"'), 3]);
    const values = ofRoute.map(([, value]) => value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it("reports the process's figures", async () => {
    const text = await scrape(server);
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(samplesOf(text, name).size, name).toBe(1);
  });

  it("reports the store's figures, which follow its writes", async () => {
    const before = await scrape(server);
    const usersBefore = samplesOf(before, 'quire_store_documents').get('{collection="users"}') ?? 0;
    const fsyncsBefore = samplesOf(before, 'quire_store_fsync_seconds_count').get('') ?? 0;
    await createUser(server);
    await createUser(server);

    const text = await scrape(server);
    expect(samplesOf(text, 'quire_store_info').get('{engine="embedded"}')).toBe(1);
    expect(samplesOf(text, 'quire_event_bus_following').get('')).toBe(1);
    expect(samplesOf(text, 'quire_event_bus_restarts_total').get('')).toBe(0);
    expect(samplesOf(text, 'quire_store_documents').get('{collection="users"}')).toBe(usersBefore + 2);
    expect(samplesOf(text, 'quire_store_journal_bytes').get('')).toBeGreaterThan(0);
    expect(samplesOf(text, 'quire_store_fsync_seconds_count').get('')).toBeGreaterThan(fsyncsBefore);
    const fsyncBuckets = [...samplesOf(text, 'quire_store_fsync_seconds_bucket').values()];
    expect(fsyncBuckets.at(-1)).toBe(samplesOf(text, 'quire_store_fsync_seconds_count').get(''));
    expect(fsyncBuckets).toEqual([...fsyncBuckets].sort((a, b) => a - b));
    expect(samplesOf(text, 'quire_store_write_failures_total').get('')).toBe(0);
    expect(samplesOf(text, 'quire_store_refusing_writes').get('')).toBe(0);
    expect(samplesOf(text, 'quire_store_compactions_total').get('')).toBe(0);
    expect(samplesOf(text, 'quire_store_last_compaction_timestamp_seconds').get('')).toBe(0);
  });
});

describe('/metrics when the disk fails', () => {
  it('counts the failed writes and says the store refuses writes until the disk recovers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-metrics-'));
    const faults = new FaultInjectingFs();
    const server = await startServerOnStore(dataDir, faults.fs);
    try {
      const { organization, admin } = await createOrganization(server);
      faults.inject({ operation: 'fdatasync', code: 'EIO' });
      const refused = await server.api(`/v1/orgs/${organization.id}/spaces`, {
        method: 'POST',
        body: { title: 'refused' },
        token: admin.token,
      });
      expect(refused.status).toBe(503);
      const failing = await scrape(server);
      expect(samplesOf(failing, 'quire_store_write_failures_total').get('')).toBeGreaterThanOrEqual(1);
      expect(samplesOf(failing, 'quire_store_refusing_writes').get('')).toBe(1);

      faults.clear();
      expect((await server.api('/readyz')).status).toBe(200);
      expect(samplesOf(await scrape(server), 'quire_store_refusing_writes').get('')).toBe(0);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('/metrics after a compaction', () => {
  it('tells how many compactions ran and when the last one finished', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-metrics-'));
    const faults = new FaultInjectingFs();
    const openedAt = Date.now();
    const store = await openEmbeddedStore(dataDir, { fs: faults.fs, compactAfterBytes: 1 });
    // A compaction lists the directory once its snapshot is in place (to delete what it replaces).
    const compacted = faults.pause('readdir');
    await ensureIndexes(store.db, repositoryIndexes);
    await compacted.reached;
    const server = await startTestServer({ QUIRE_DATA_DIR: dataDir }, { store: { store, dataDir } });
    try {
      const text = await scrape(server);
      expect(samplesOf(text, 'quire_store_compactions_total').get('')).toBe(1);
      const finishedAt = samplesOf(text, 'quire_store_last_compaction_timestamp_seconds').get('') ?? 0;
      expect(finishedAt * 1000).toBeGreaterThanOrEqual(openedAt);
      expect(finishedAt * 1000).toBeLessThanOrEqual(Date.now());
    } finally {
      compacted.resume();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('/metrics with QUIRE_METRICS_TOKEN', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ QUIRE_METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.close());

  it('answers only a request bearing that token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await fetch(`${server.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 401 } });
    }
    expect(await scrape(server, TOKEN)).toContain('quire_http_request_duration_seconds');
  });
});
