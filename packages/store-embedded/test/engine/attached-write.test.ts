/**
 * `withAttachedWrite` on the embedded engine: the attached document goes into the journal
 * batch of the first write that changes something, so recovery finds both or neither; a
 * write that changes nothing or is refused carries nothing, and a batch the journal refuses
 * takes both back.
 */
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import type { LooseDoc } from './fixtures';

function openMemory() {
  const journal = new MemoryJournal();
  const db = new EmbeddedDatabase(new Map(), journal);
  return { journal, db, docs: db.collection<LooseDoc>('docs'), events: db.collection<LooseDoc>('events') };
}

const eventSource =
  (id: string, note: { asked: number } = { asked: 0 }) =>
  () => {
    note.asked++;
    return { collection: 'events', document: { _id: id, what: 'changed' } };
  };

describe('a document attached to the first write of a scope', () => {
  it('is journaled in the same batch as that write, and only with the first', async () => {
    const { journal, db, docs, events } = openMemory();
    const note = { asked: 0 };
    await db.withAttachedWrite(eventSource('e1', note), async () => {
      await docs.insertOne({ _id: 'a', n: 1 });
      await docs.updateOne({ _id: 'a' }, { $set: { n: 2 } });
    });
    expect(journal.batches.map((batch) => batch.map((op) => `${op.op} ${'c' in op ? op.c : ''}`))).toEqual([
      ['put docs', 'put events'],
      ['put docs'],
    ]);
    expect(note.asked).toBe(1);
    expect(await events.find({}).toArray()).toEqual([{ _id: 'e1', what: 'changed' }]);
    // Recovery replays the batches: the change and its document together.
    const recovered = journal.recover();
    expect([...(recovered.get('events')?.docs.keys() ?? [])]).toEqual(['e1']);
  });

  it('is not written by a write that changes nothing, nor by a refused one; the next write takes it', async () => {
    const { journal, db, docs, events } = openMemory();
    await docs.insertOne({ _id: 'taken', n: 0 });
    await db.withAttachedWrite(eventSource('e2'), async () => {
      await docs.updateOne({ _id: 'missing' }, { $set: { n: 1 } });
      await expect(docs.insertOne({ _id: 'taken', n: 1 })).rejects.toMatchObject({ code: 11000 });
      expect(await events.countDocuments({})).toBe(0);
      await docs.deleteOne({ _id: 'taken' });
    });
    expect(journal.batches.at(-1)?.map((op) => op.op)).toEqual(['del', 'put']);
    expect(await events.countDocuments({})).toBe(1);
  });

  it('is not written when the scope writes nothing, or when the source gives nothing', async () => {
    const { db, docs, events } = openMemory();
    await db.withAttachedWrite(eventSource('e3'), async () => {
      await docs.findOne({ _id: 'a' });
    });
    await db.withAttachedWrite(
      () => undefined,
      async () => {
        await docs.insertOne({ _id: 'b' });
      },
    );
    expect(await events.countDocuments({})).toBe(0);
    expect(await docs.countDocuments({})).toBe(1);
  });

  it('is taken back with the write when the journal refuses the batch, and rides the next write', async () => {
    const { journal, db, docs, events } = openMemory();
    await db.withAttachedWrite(eventSource('e4'), async () => {
      journal.fail();
      await expect(docs.insertOne({ _id: 'a' })).rejects.toThrow('simulated failure');
      expect(await events.countDocuments({})).toBe(0);
      expect(await docs.countDocuments({})).toBe(0);
      journal.heal();
      await docs.insertOne({ _id: 'b' });
    });
    expect(journal.batches.map((batch) => batch.map((op) => op.op))).toEqual([['put', 'put']]);
    expect(await events.find({}).toArray()).toEqual([{ _id: 'e4', what: 'changed' }]);
  });

  it('refuses the write when the attached document cannot be inserted (its _id taken), changing nothing', async () => {
    const { db, docs, events } = openMemory();
    await events.insertOne({ _id: 'e5' });
    await db.withAttachedWrite(eventSource('e5'), async () => {
      await expect(docs.insertOne({ _id: 'a' })).rejects.toMatchObject({ code: 11000 });
    });
    expect(await docs.countDocuments({})).toBe(0);
    expect(await events.countDocuments({})).toBe(1);
  });

  it('passes over the collections it is told to: their writes neither carry it nor count as the first', async () => {
    const { journal, db, docs, events } = openMemory();
    const locks = db.collection<LooseDoc>('locks');
    await db.withAttachedWrite(
      eventSource('e6'),
      async () => {
        await locks.insertOne({ _id: 'lock' });
        await docs.insertOne({ _id: 'a' });
        await locks.deleteOne({ _id: 'lock' });
      },
      { passOver: new Set(['locks']) },
    );
    expect(journal.batches.map((batch) => batch.map((op) => op.c))).toEqual([
      ['locks'],
      ['docs', 'events'],
      ['locks'],
    ]);
    await db.withAttachedWrite(eventSource('e7'), () => locks.insertOne({ _id: 'only' }), {
      passOver: new Set(['locks']),
    });
    expect(await events.countDocuments({})).toBe(1);
  });

  it('is kept to its scope: writes outside it, and in another scope, carry their own or none', async () => {
    const { db, docs, events } = openMemory();
    await Promise.all([
      db.withAttachedWrite(eventSource('x'), () => docs.insertOne({ _id: 'x' })),
      db.withAttachedWrite(eventSource('y'), () => docs.insertOne({ _id: 'y' })),
      docs.insertOne({ _id: 'z' }),
    ]);
    expect((await events.find({}, { sort: { _id: 1 } }).toArray()).map((doc) => doc._id)).toEqual(['x', 'y']);
  });
});
