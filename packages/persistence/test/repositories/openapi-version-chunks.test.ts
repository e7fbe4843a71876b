/**
 * A large OpenAPI version (issue 34, item 6): its files and bundle stored in parts that each
 * fit a MongoDB document (16 MiB), read back exactly; a crash between the parts and the head
 * lists nothing and reading gives nothing, and the job run again completes it; deleting the
 * spec deletes the parts. A small version stays in one document, as before.
 */
import type { OpenApiVersionContentRecord, OpenApiVersionRecord } from '@quire/domain';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import {
  MongoOpenApiVersionRepository,
  OPENAPI_CONTENT_CHUNK_CHARACTERS,
} from '../../src/repositories/openapi/openapi-version-repository';

const version: OpenApiVersionRecord = {
  id: 'job1',
  specId: 'spec1',
  organizationId: 'org1',
  specVersion: '3.1',
  operations: 1,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** A description of `characters` characters (with some above U+FFFF, which JSON keeps as they are). */
function contentOf(characters: number): OpenApiVersionContentRecord {
  const text = `openapi: 3.1.0\n# ${'é😀x'.repeat(Math.ceil(characters / 4))}`.slice(0, characters);
  return {
    versionId: 'job1',
    files: [{ path: 'openapi.yaml', content: text }],
    bundled: '{"openapi":"3.1.0"}',
  };
}

describe('OpenAPI version contents', () => {
  it('are stored in parts that each fit a document when large, and read back exactly', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const versions = new MongoOpenApiVersionRepository(db);
    const content = contentOf(Math.floor(OPENAPI_CONTENT_CHUNK_CHARACTERS * 2.5));
    await versions.insertOnce(version, content);
    expect(await versions.content('job1')).toEqual(content);
    const parts = await db
      .collection<{ _id: string; text: string }>('openApiVersionContentChunks')
      .find({})
      .toArray();
    expect(parts.map((part) => part._id)).toEqual(['job1:0', 'job1:1', 'job1:2']);
    for (const part of parts) expect(Buffer.byteLength(part.text)).toBeLessThan(16 * 1024 * 1024 - 1024);
    await versions.deleteForSpec('spec1');
    expect(await db.collection('openApiVersionContentChunks').countDocuments({})).toBe(0);
  });

  it('list and read nothing of a version whose job died after its parts, and complete it when run again', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const versions = new MongoOpenApiVersionRepository(db);
    const content = contentOf(OPENAPI_CONTENT_CHUNK_CHARACTERS + 10);
    const contents = db.collection('openApiVersionContents');
    const insertHead = contents.insertOne.bind(contents);
    contents.insertOne = async () => {
      throw new Error('killed');
    };
    await expect(versions.insertOnce(version, content)).rejects.toThrow('killed');
    contents.insertOne = insertHead;
    expect(await versions.listForSpec('spec1')).toEqual([]);
    expect(await versions.content('job1')).toBeNull();
    await versions.insertOnce(version, content);
    expect(await versions.listForSpec('spec1')).toEqual([version]);
    expect(await versions.content('job1')).toEqual(content);
  });

  it('keep a small version in one document', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    const versions = new MongoOpenApiVersionRepository(db);
    const content = contentOf(1000);
    await versions.insertOnce(version, content);
    expect(await versions.content('job1')).toEqual(content);
    expect(await db.collection('openApiVersionContentChunks').countDocuments({})).toBe(0);
  });
});
