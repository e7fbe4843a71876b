import type { Document } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { compileFilter, compileWithMingo } from '../../src/engine/matcher';
import { compileSimpleFilter } from '../../src/engine/simple-filter';
import { randomDocument, randomFilter, seededRandom } from './random-queries';

const verdicts = (filter: Document, docs: Document[]) => {
  const simple = compileSimpleFilter(filter);
  if (simple === undefined) throw new Error(`not compiled directly: ${JSON.stringify(filter)}`);
  return docs.map((doc) => simple(doc));
};

describe('direct predicates for simple filters', () => {
  it('agree with mingo on randomized filters and documents', () => {
    const random = seededRandom(20240611);
    const docs = Array.from({ length: 200 }, (_, i) => randomDocument(random, `d${i}`));
    let decided = 0;
    let judged = 0;
    for (let round = 0; round < 400; round++) {
      const filter = randomFilter(random);
      const reference = compileWithMingo(filter);
      const combined = compileFilter(filter);
      const direct = verdicts(filter, docs);
      docs.forEach((doc, i) => {
        const expected = reference(doc);
        const context = `filter ${JSON.stringify(filter)} on ${JSON.stringify(doc)}`;
        if (direct[i] !== undefined) {
          decided++;
          expect(direct[i], context).toBe(expected);
        }
        expect(combined(doc), context).toBe(expected);
        judged++;
      });
    }
    // The direct predicate settles nearly every document; mingo only sees the odd shapes.
    expect(decided / judged).toBeGreaterThan(0.9);
  });

  it('matches an array field by its elements, and null by missing fields', () => {
    const docs = [{ a: [1, 'x'] }, { a: 1 }, { a: null }, {}, { a: [] }, { a: [null] }, { a: { b: 1 } }];
    expect(verdicts({ a: 1 }, docs)).toEqual([true, true, false, false, false, false, false]);
    expect(verdicts({ a: null }, docs)).toEqual([false, false, true, true, false, true, false]);
    expect(verdicts({ a: { $ne: null } }, docs)).toEqual([true, true, false, false, true, false, true]);
    expect(verdicts({ a: { $in: ['x', null] } }, docs)).toEqual([
      true,
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(verdicts({ a: { $gte: 1 } }, docs)).toEqual([true, true, false, false, false, false, false]);
    expect(verdicts({ a: { $exists: false } }, docs)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('matches patterns against strings and string elements, with $options', () => {
    const docs = [{ s: 'Ab' }, { s: ['x', 'ab'] }, { s: 5 }, {}, { s: { t: 'ab' } }];
    expect(verdicts({ s: { $regex: 'ab', $options: 'i' } }, docs)).toEqual([true, true, false, false, false]);
    expect(verdicts({ s: /^A/ }, docs)).toEqual([true, false, false, false, false]);
    expect(verdicts({ 's.t': { $regex: /B/, $options: 'i' } }, docs)).toEqual([
      false,
      undefined,
      false,
      false,
      true,
    ]);
  });

  it('compares only values of the operand type', () => {
    const docs = [{ n: 5 }, { n: '5' }, { n: true }, { n: [1, '9'] }];
    expect(verdicts({ n: { $gt: 2 } }, docs)).toEqual([true, false, false, false]);
    expect(verdicts({ n: { $gt: '2' } }, docs)).toEqual([false, true, false, true]);
  });

  it('treats names inherited from Object.prototype as missing fields', () => {
    const docs = [{}, JSON.parse('{"constructor": 1}') as Document];
    expect(verdicts({ constructor: null }, docs)).toEqual([true, false]);
    expect(verdicts({ constructor: { $exists: true } }, docs)).toEqual([false, true]);
    expect(verdicts({ 'toString.x': null }, docs)).toEqual([true, true]);
  });

  it('leaves a document to mingo when a dotted path crosses an array, or an equality meets nested arrays', () => {
    expect(verdicts({ 'a.b': 1 }, [{ a: [{ b: 1 }] }, { a: { b: 1 } }, { a: 3 }])).toEqual([
      undefined,
      true,
      false,
    ]);
    expect(verdicts({ a: 1 }, [{ a: [[1]] }, { a: [[2], 1] }])).toEqual([undefined, true]);
    const nested = { a: { b: [[1]] } };
    expect(compileFilter({ 'a.b': 1 })(nested)).toBe(compileWithMingo({ 'a.b': 1 })(nested));
  });

  it('leaves other filters to mingo entirely', () => {
    for (const filter of [
      { a: { b: 1 } },
      { a: [1, 2] },
      { a: {} },
      { a: /x/g },
      { a: { $regex: 'x', $options: 'y' } },
      { a: { $regex: '(' } },
      { a: { $options: 'i' } },
      { a: { $elemMatch: { b: 1 } } },
      { a: { $size: 1 } },
      { a: { $gt: null } },
      { a: { $gt: true } },
      { a: { $in: [[1]] } },
      { a: { $in: [/x/] } },
      { a: { $eq: { b: 1 } } },
      { a: Number.NaN },
      { a: undefined },
      { 'a.b': { $exists: true } },
      { __proto__x: 1, 'a.__proto__': 1 },
      { $expr: { $eq: ['$a', 1] } },
      { $or: [{ a: 1 }, { b: { $size: 1 } }] },
    ]) {
      expect(compileSimpleFilter(filter), JSON.stringify(filter)).toBeUndefined();
    }
  });
});
