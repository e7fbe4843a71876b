import type { Document } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabase, MemoryJournal } from '../../src/engine';
import { copyDocument, ParsedBudget, ParsedDocuments } from '../../src/engine/parsed-documents';
import type { LooseDoc } from './fixtures';

const tricky =
  '{"_id":"t","2":"two","1":"one","__proto__":{"polluted":true},"list":[[1,{"a":null}],[]],"o":{"z":1,"a":[{"b":[2]}]}}';

describe('copyDocument', () => {
  it('equals parsing the JSON again: key order, an own __proto__ field, nested arrays', () => {
    const original = JSON.parse(tricky) as Document;
    const copy = copyDocument(original);
    expect(copy).toStrictEqual(JSON.parse(tricky));
    expect(Object.keys(copy)).toEqual(Object.keys(original));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(JSON.stringify(copy)).toBe(JSON.stringify(original));
  });

  it('shares nothing with the original', () => {
    const original = JSON.parse(tricky) as Document;
    const copy = copyDocument(original);
    copy.list[0][1].a = 'changed';
    copy.o.a[0].b.push(3);
    Object.getOwnPropertyDescriptor(copy, '__proto__')!.value.polluted = false;
    expect(original).toStrictEqual(JSON.parse(tricky));
  });
});

describe('ParsedDocuments', () => {
  it('parses a version once, then hands out copies; a changed version is parsed again', () => {
    const parsed = new ParsedDocuments(new ParsedBudget());
    const first = parsed.copyOf('k', '{"_id":"k","n":1}');
    first.n = 99;
    expect(parsed.copyOf('k', '{"_id":"k","n":1}')).toEqual({ _id: 'k', n: 1 });
    expect(parsed.view('k', '{"_id":"k","n":1}')).toEqual({ _id: 'k', n: 1 });
    expect(parsed.copyOf('k', '{"_id":"k","n":2}')).toEqual({ _id: 'k', n: 2 });
    expect(parsed.size).toBe(1);
    parsed.forget('k');
    expect(parsed.size).toBe(0);
  });

  it('keeps what a read parsed for checking instead of parsing it again', () => {
    const parsed = new ParsedDocuments(new ParsedBudget());
    const json = '{"_id":"k","n":1}';
    const view = parsed.view('k', json);
    const copy = parsed.copyOf('k', json, view);
    expect(copy).toEqual(view);
    expect(copy).not.toBe(view);
    expect(parsed.view('k', json)).toBe(view);
  });

  it('drops the oldest entries past the budget shared by the collections', () => {
    const budget = new ParsedBudget(100);
    const a = new ParsedDocuments(budget);
    const b = new ParsedDocuments(budget);
    const json = (id: string) => JSON.stringify({ _id: id, pad: 'x'.repeat(20) });
    a.copyOf('a1', json('a1'));
    b.copyOf('b1', json('b1'));
    a.copyOf('a2', json('a2'));
    expect(budget.used).toBeLessThanOrEqual(100);
    expect(a.size + b.size).toBe(2);
    expect(a.size).toBe(1);
    a.clear();
    b.clear();
    expect(budget.used).toBe(0);
  });

  it('does not keep very large documents', () => {
    const parsed = new ParsedDocuments(new ParsedBudget());
    const json = JSON.stringify({ _id: 'big', text: 'x'.repeat(100_000) });
    const view = parsed.view('big', json);
    expect(parsed.copyOf('big', json, view)).toBe(view);
    expect(parsed.size).toBe(0);
  });
});

describe('reads through kept documents', () => {
  it('see every write, and never let a caller change what others read', async () => {
    const docs = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('docs');
    await docs.createIndex({ g: 1 });
    await docs.insertMany([
      { _id: 'a', g: 1, list: [1] },
      { _id: 'b', g: 1, list: [2] },
    ]);
    const read = async () => docs.find({ g: 1 }, { sort: { _id: 1 } }).toArray();
    const first = await read();
    first[0]!.list.push('mutated');
    expect(await read()).toEqual([
      { _id: 'a', g: 1, list: [1] },
      { _id: 'b', g: 1, list: [2] },
    ]);
    await docs.updateOne({ _id: 'a' }, { $push: { list: 3 } } as Document);
    expect((await docs.findOne({ _id: 'a' }))?.list).toEqual([1, 3]);
    await docs.replaceOne({ _id: 'b' }, { g: 2 });
    expect(await read()).toEqual([{ _id: 'a', g: 1, list: [1, 3] }]);
    const updated = await docs.findOneAndUpdate({ _id: 'a' }, { $set: { g: 3 } });
    updated!.list.push('mutated');
    expect(await docs.findOne({ g: 3 })).toEqual({ _id: 'a', g: 3, list: [1, 3] });
    await docs.deleteOne({ _id: 'a' });
    expect(await docs.findOne({ _id: 'a' })).toBeNull();
    await docs.insertOne({ _id: 'a', g: 1 });
    expect(await read()).toEqual([{ _id: 'a', g: 1 }]);
  });
});

describe("a cursor's transform", () => {
  it('reads the kept document itself (no copy per read), and a write gives it the new version', async () => {
    const docs = new EmbeddedDatabase(new Map(), new MemoryJournal()).collection<LooseDoc>('docs');
    await docs.createIndex({ g: 1 });
    await docs.insertMany([
      { _id: 'a', g: 1, list: [1] },
      { _id: 'b', g: 1, list: [2] },
    ]);
    const seen = async () =>
      docs
        .find({ g: 1 }, { sort: { _id: 1 } })
        .map((doc) => doc)
        .toArray();
    const first = await seen();
    const second = await seen();
    // The same objects both times: what `map` saves is the copy a plain read makes.
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    const plain = await docs.find({ g: 1 }, { sort: { _id: 1 } }).toArray();
    expect(plain[0]).not.toBe(first[0]);
    expect(plain[0]).toEqual(first[0]);
    await docs.updateOne({ _id: 'a' }, { $push: { list: 3 } } as Document);
    const after = await seen();
    expect(after[0]).not.toBe(first[0]);
    expect(after[0]).toEqual({ _id: 'a', g: 1, list: [1, 3] });
    expect(first[0]).toEqual({ _id: 'a', g: 1, list: [1] });
  });
});
