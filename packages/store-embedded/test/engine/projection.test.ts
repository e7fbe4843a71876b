import type { Document } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { compileProjection } from '../../src/engine/projection';

const doc = {
  _id: 'r1',
  g: 'x',
  n: 2,
  meta: { size: 3, color: 'red' },
  lines: [{ sku: 'p', qty: 1 }, { sku: 'q', qty: 2 }, 'loose'],
  scores: [1, 2, 3, 4, 5],
};

const project = (projection: Document) => {
  const projector = compileProjection(projection);
  return projector === undefined ? doc : projector(structuredClone(doc));
};

describe('projection', () => {
  it('includes fields in document order, _id unless excluded', () => {
    expect(Object.keys(project({ n: 1, g: 1 }))).toEqual(['_id', 'g', 'n']);
    expect(project({ g: true, _id: 0 })).toEqual({ g: 'x' });
    expect(project({ _id: 1 })).toEqual({ _id: 'r1' });
    expect(project({ absent: 1 })).toEqual({ _id: 'r1' });
  });

  it('excludes fields, keeping everything else', () => {
    expect(project({ meta: 0, lines: 0, scores: false })).toEqual({ _id: 'r1', g: 'x', n: 2 });
    expect(project({ _id: 0 })).not.toHaveProperty('_id');
    expect(project({})).toEqual(doc);
  });

  it('follows dotted paths into objects and arrays of objects', () => {
    expect(project({ 'meta.color': 1, _id: 0 })).toEqual({ meta: { color: 'red' } });
    expect(project({ 'lines.sku': 1 })).toEqual({ _id: 'r1', lines: [{ sku: 'p' }, { sku: 'q' }] });
    expect(project({ 'lines.qty': 0, meta: 0, scores: 0 })).toEqual({
      _id: 'r1',
      g: 'x',
      n: 2,
      lines: [{ sku: 'p' }, { sku: 'q' }, 'loose'],
    });
  });

  it('slices arrays: first n, last n, or [skip, limit], in either mode', () => {
    expect(project({ scores: { $slice: 2 } }).scores).toEqual([1, 2]);
    expect(project({ scores: { $slice: -2 } }).scores).toEqual([4, 5]);
    expect(project({ scores: { $slice: [1, 2] } }).scores).toEqual([2, 3]);
    expect(project({ scores: { $slice: [-2, 1] } }).scores).toEqual([4]);
    expect(project({ scores: { $slice: 1 } }).g).toBe('x');
    expect(project({ scores: { $slice: 1 }, n: 1 })).toEqual({ _id: 'r1', n: 2, scores: [1] });
  });

  it('keeps the first element matching $elemMatch, as an inclusion', () => {
    expect(project({ lines: { $elemMatch: { qty: { $gt: 1 } } } })).toEqual({
      _id: 'r1',
      lines: [{ sku: 'q', qty: 2 }],
    });
    expect(project({ lines: { $elemMatch: { qty: 9 } } })).toEqual({ _id: 'r1' });
    expect(project({ scores: { $elemMatch: { $gte: 3 } }, _id: 0 })).toEqual({ scores: [3] });
  });

  it('refuses mixed modes, collisions and unsupported forms, naming the field', () => {
    expect(() => project({ g: 1, n: 0 })).toThrow('Cannot do exclusion on field n in inclusion projection');
    expect(() => project({ n: 0, g: 1 })).toThrow('Cannot do inclusion on field g in exclusion projection');
    expect(() => project({ meta: 1, 'meta.size': 1 })).toThrow('Path collision at meta.size');
    expect(() => project({ total: '$n' })).toThrow(/projection of 'total' uses "\$n"/);
    expect(() => project({ total: { $add: [1, 2] } })).toThrow(/projection of 'total' uses \$add/);
    expect(() => project({ 'lines.$': 1 })).toThrow(/positional projection 'lines.\$'/);
    expect(() => project({ 'a.b': { $elemMatch: {} } })).toThrow(/nested field/);
  });
});
