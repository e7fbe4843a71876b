import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../src/open-store';

describe('openStore', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quire-open-store-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens the embedded engine on the data directory when no MongoDB URI is configured', async () => {
    const store = await openStore({ dataDir });
    expect(store.engine).toBe('embedded');
    await store.ping();
    await store.db.collection<{ _id: string; n: number }>('things').insertOne({ _id: 'a', n: 1 });
    await store.close();
    await expect(store.ping()).rejects.toThrow();

    const reopened = await openStore({ dataDir, mongodbUri: '' });
    expect(await reopened.db.collection<{ _id: string; n: number }>('things').findOne({ _id: 'a' })).toEqual({
      _id: 'a',
      n: 1,
    });
    await reopened.close();
  });

  it('opens MongoDB when a URI is configured (here one that cannot be reached)', async () => {
    const mongodbUri = 'mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300';
    await expect(openStore({ mongodbUri, dataDir })).rejects.toMatchObject({
      name: 'MongoConnectionError',
      hosts: '127.0.0.1:1',
      cause: { name: 'MongoServerSelectionError' },
    });
  });
});
