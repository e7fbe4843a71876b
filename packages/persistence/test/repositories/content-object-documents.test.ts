/**
 * Derived documents in the content-object store (issue 28, item 3's target): stored deflated,
 * a fraction of their JSON, and read back exactly, by this process and by another one (a
 * repository with nothing in its cache); a document stored plain reads back as well.
 */
import type { ContentObject } from '@quire/domain';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { MongoContentObjectRepository } from '../../src/repositories/content/content-object-repository';

const tree = {
  object: 'document',
  data: {},
  nodes: Array.from({ length: 40 }, (_, n) => ({
    object: 'block',
    type: 'paragraph',
    key: String(n),
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: `Paragraph ${n} of the page.`, marks: [] }] }],
  })),
};
const document: ContentObject = { kind: 'document', json: JSON.stringify(tree) };

describe('documents in the content-object store', () => {
  it('are stored deflated and read back exactly, from the cache and from the store', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    await new MongoContentObjectRepository(db).putMany(new Map([['document1.x:body', document]]));

    const raw = await db
      .collection<{ _id: string; object: Record<string, unknown> }>('contentObjects')
      .findOne({
        _id: 'document1.x:body',
      });
    expect(raw?.object.kind).toBe('document');
    expect(raw?.object.json).toBeUndefined();
    expect(String(raw?.object.deflated).length).toBeLessThan(document.json.length / 4);

    // Another process: nothing in its cache.
    const fresh = new MongoContentObjectRepository(db);
    expect((await fresh.getMany(['document1.x:body'])).get('document1.x:body')).toEqual(document);
  });

  it('reads a document stored plain, and leaves every other kind as it is', async () => {
    const db = new EmbeddedDatabase(new Map(), new MemoryJournal());
    await db
      .collection<{ _id: string; object: ContentObject }>('contentObjects')
      .insertOne({ _id: 'document1.x:plain', object: document });
    const body: ContentObject = { kind: 'body', markdown: 'Text.\n' };
    await new MongoContentObjectRepository(db).putMany(new Map([['b', body]]));
    const fresh = new MongoContentObjectRepository(db);
    const read = await fresh.getMany(['document1.x:plain', 'b']);
    expect(read.get('document1.x:plain')).toEqual(document);
    expect(read.get('b')).toEqual(body);
    expect(
      (await db.collection<{ _id: string; object: unknown }>('contentObjects').findOne({ _id: 'b' }))?.object,
    ).toEqual(body);
  });
});
