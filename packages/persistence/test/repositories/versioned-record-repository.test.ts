/**
 * The repository of a record written by compare-and-swap: stored with its key as `_id` and
 * every other field as it is (the documents Git Sync, translations and OpenAPI specs have
 * always stored), inserted once, replaced only from the version read.
 */
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { beforeEach, describe, expect, it } from 'vitest';
import { VersionedRecordRepository } from '../../src/repositories/versioned-record-repository';

interface Setting {
  spaceId: string;
  organizationId: string;
  url: string;
  version: number;
}

const FIRST: Setting = { spaceId: 's1', organizationId: 'o1', url: 'https://example.com/a.git', version: 1 };

let db: EmbeddedDatabase;
let settings: VersionedRecordRepository<Setting, 'spaceId'>;

beforeEach(() => {
  db = new EmbeddedDatabase(new Map(), new MemoryJournal());
  settings = new VersionedRecordRepository<Setting, 'spaceId'>(db, 'settings', 'spaceId');
});

describe('VersionedRecordRepository', () => {
  it('stores the record with its key as _id, and reads it back as it was', async () => {
    expect(await settings.insert(FIRST)).toBe(true);
    expect(await db.collection<{ _id: string }>('settings').findOne({ _id: 's1' })).toEqual({
      _id: 's1',
      organizationId: 'o1',
      url: 'https://example.com/a.git',
      version: 1,
    });
    expect(await settings.findById('s1')).toEqual(FIRST);
    expect(await settings.findById('s2')).toBeNull();
  });

  it('inserts a key once', async () => {
    await settings.insert(FIRST);
    expect(await settings.insert({ ...FIRST, url: 'https://example.com/b.git' })).toBe(false);
    expect((await settings.findById('s1'))?.url).toBe('https://example.com/a.git');
  });

  it('replaces only from the version stored', async () => {
    await settings.insert(FIRST);
    const second = { ...FIRST, url: 'https://example.com/b.git', version: 2 };
    expect(await settings.replace(second, 1)).toBe(true);
    expect(await settings.replace({ ...FIRST, url: 'https://example.com/c.git', version: 2 }, 1)).toBe(false);
    expect(await settings.findById('s1')).toEqual(second);
  });

  it('deletes by key', async () => {
    await settings.insert(FIRST);
    expect(await settings.delete('s1')).toBe(true);
    expect(await settings.delete('s1')).toBe(false);
    expect(await settings.findById('s1')).toBeNull();
  });
});
