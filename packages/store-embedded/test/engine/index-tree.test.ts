import { describe, expect, it } from 'vitest';
import { endOfType, startOfType } from '../../src/engine/bson-order';
import { DuplicateKeyError } from '../../src/engine/errors';
import { IdIndex } from '../../src/engine/id-index';
import { IndexTree, type OrderedIndex, type ScanBounds } from '../../src/engine/index-tree';
import type { IndexDefinition } from '../../src/journal-types';

const byOrgAndTime: IndexDefinition = {
  name: 'org_time',
  key: [
    ['org', 1],
    ['t', -1],
  ],
  unique: false,
};

function treeOf(
  definition: IndexDefinition,
  docs: Array<{ _id: string } & Record<string, unknown>>,
): IndexTree {
  const tree = new IndexTree(definition);
  for (const doc of docs) tree.add(tree.keysOf(doc), doc._id);
  return tree;
}

const scan = (tree: OrderedIndex, bounds: ScanBounds, reverse = false) => {
  const ids: unknown[] = [];
  tree.scan(bounds, reverse, (id) => ids.push(id) > 0);
  return ids;
};

describe('IndexTree', () => {
  const docs = [
    { _id: 'a', org: 'o1', t: 1 },
    { _id: 'b', org: 'o1', t: 3 },
    { _id: 'c', org: 'o1', t: 2 },
    { _id: 'd', org: 'o2', t: 5 },
    { _id: 'e', org: 'o1', t: 'late' },
    { _id: 'f', org: 'o1' },
    { _id: 'g', org: 'o1', t: 3 },
  ];

  it('keys a document by its field values, a missing field as null', () => {
    const tree = new IndexTree(byOrgAndTime);
    expect(tree.keysOf({ org: 'o1', t: 4 })).toMatchObject({ tuples: [['o1', 4]], multikey: false });
    expect(tree.keysOf({ t: 4 })).toMatchObject({ tuples: [[null, 4]], multikey: false });
    expect(tree.keysOf({ org: { nested: true } }).tuples).toEqual([[{ nested: true }, null]]);
    expect(tree.keysOf({ org: 'o1', t: 4 }).encoded).toEqual(
      tree.keysOf({ org: 'o1', t: 4, other: 1 }).encoded,
    );
  });

  it('keys an array once per distinct element, and refuses two indexed arrays', () => {
    const tree = new IndexTree(byOrgAndTime);
    const keys = tree.keysOf({ org: 'o', t: [2, 1, 2] });
    expect(keys).toMatchObject({
      tuples: [
        ['o', 2],
        ['o', 1],
      ],
      multikey: true,
    });
    expect(keys.encoded).toHaveLength(2);
    expect(tree.keysOf({ org: 'o', t: [] })).toMatchObject({ tuples: [['o', []]], multikey: true });
    expect(() => tree.keysOf({ org: ['x'], t: [1] })).toThrow(/cannot index parallel arrays \[t\] \[org\]/);
    const nested = new IndexTree({ name: 'sku', key: [['lines.sku', 1]], unique: false });
    expect(nested.keysOf({ lines: [{ sku: 'p' }, { sku: 'q' }, {}] }).tuples).toEqual([['p'], ['q'], [null]]);
  });

  it('scans an equality prefix in index order, -1 fields descending, ties by _id', () => {
    const tree = treeOf(byOrgAndTime, docs);
    // Descending t within o1: strings sort after numbers, so they come first; null (missing) last.
    expect(scan(tree, { equal: ['o1'] })).toEqual(['e', 'b', 'g', 'c', 'a', 'f']);
    expect(scan(tree, { equal: ['o1'] }, true)).toEqual(['f', 'a', 'c', 'g', 'b', 'e']);
    expect(scan(tree, { equal: ['o1', 3] })).toEqual(['b', 'g']);
    expect(scan(tree, { equal: ['o3'] })).toEqual([]);
  });

  it('scans a range on the next field, honouring inclusiveness, direction and type bracketing', () => {
    const tree = treeOf(byOrgAndTime, docs);
    const numbersAbove = (value: number, inclusive: boolean): ScanBounds => ({
      equal: ['o1'],
      lower: { value, inclusive },
      upper: { value: endOfType(0), inclusive: true },
    });
    expect(scan(tree, numbersAbove(2, false))).toEqual(['b', 'g']);
    expect(scan(tree, numbersAbove(2, true))).toEqual(['b', 'g', 'c']);
    expect(scan(tree, numbersAbove(2, true), true)).toEqual(['c', 'g', 'b']);
    const below3: ScanBounds = {
      equal: ['o1'],
      lower: { value: startOfType(0), inclusive: true },
      upper: { value: 3, inclusive: false },
    };
    expect(scan(tree, below3)).toEqual(['c', 'a']);
    const strings: ScanBounds = {
      equal: ['o1'],
      lower: { value: startOfType(''), inclusive: true },
      upper: { value: endOfType(''), inclusive: true },
    };
    expect(scan(tree, strings)).toEqual(['e']);
  });

  it('stops a scan when the visitor says so, and counts entries up to a maximum', () => {
    const tree = treeOf(byOrgAndTime, docs);
    const visited: unknown[] = [];
    expect(tree.scan({ equal: ['o1'] }, false, (id) => visited.push(id) < 2)).toBe(2);
    expect(visited).toEqual(['e', 'b']);
    expect(tree.scan({ equal: ['o1'] }, true, () => false)).toBe(1);
    expect(tree.count({ equal: ['o1'] }, Number.POSITIVE_INFINITY)).toBe(6);
    expect(tree.count({ equal: ['o1'] }, 4)).toBe(4);
    expect(tree.count({ equal: ['o1', 3] }, 10)).toBe(2);
    expect(tree.count({ equal: ['o1'] }, 0)).toBe(0);
    const atMost3: ScanBounds = {
      equal: ['o1'],
      lower: { value: startOfType(0), inclusive: true },
      upper: { value: 3, inclusive: true },
    };
    expect(tree.count(atMost3, Number.POSITIVE_INFINITY)).toBe(scan(tree, atMost3).length);
  });

  it('scans a tree of several levels backwards as it scans it forwards, reversed', () => {
    // Nodes hold 64 keys: 5,000 entries make a tree of three levels.
    const many = Array.from({ length: 5000 }, (_, i) => ({
      _id: `d${String(i).padStart(4, '0')}`,
      org: `o${i % 7}`,
      t: (i * 7919) % 1000,
    }));
    const tree = treeOf(byOrgAndTime, many);
    const ranges: ScanBounds[] = [
      { equal: [] },
      { equal: ['o3'] },
      { equal: ['o9'] },
      { equal: ['o5', 500] },
    ];
    for (const [low, high] of [
      [0, 999],
      [100, 101],
      [998, 999],
      [400, 400],
      [-5, -1],
    ] as const) {
      for (const inclusive of [true, false]) {
        ranges.push({
          equal: ['o2'],
          lower: { value: low, inclusive },
          upper: { value: high, inclusive: !inclusive },
        });
      }
    }
    for (const bounds of ranges) {
      const backward = scan(tree, bounds).reverse();
      expect(scan(tree, bounds, true)).toEqual(backward);
      // Stopped after a few (more than a node holds), the walk has visited the first of them.
      const firstFew: unknown[] = [];
      const visited = tree.scan(bounds, true, (id) => firstFew.push(id) < 70);
      expect(firstFew).toEqual(backward.slice(0, 70));
      expect(visited).toBe(Math.min(70, backward.length));
    }
    expect(scan(tree, ranges[1]!, true)).toHaveLength(714);
  });

  it('finds another holder of a key, ignoring the document itself and documents being rewritten', () => {
    const tree = treeOf(byOrgAndTime, docs);
    const [o1At3] = tree.keysOf({ org: 'o1', t: 3 }).encoded;
    const [o1At4] = tree.keysOf({ org: 'o1', t: 4 }).encoded;
    expect(tree.findHolder(o1At3!, 'x', () => false)).toBe('b');
    expect(tree.findHolder(o1At3!, 'b', () => false)).toBe('g');
    expect(tree.findHolder(o1At3!, 'b', (id) => id === 'g')).toBeUndefined();
    expect(tree.findHolder(o1At4!, 'x', () => false)).toBeUndefined();
  });

  it('removes exactly the entries it added, and tracks multikey documents', () => {
    const tree = new IndexTree(byOrgAndTime);
    const keys = tree.keysOf({ org: 'o', t: [1, 2] });
    tree.add(keys, 'm');
    expect(tree.isMultikey).toBe(true);
    expect(tree.size).toBe(2);
    tree.remove(keys, 'm');
    expect(tree.isMultikey).toBe(false);
    expect(tree.size).toBe(0);
  });

  it('bulk-builds over existing documents, refusing duplicates for a unique index', () => {
    const unique: IndexDefinition = {
      name: 'org_t_unique',
      key: [
        ['org', 1],
        ['t', -1],
      ],
      unique: true,
    };
    const entries = docs.map((doc) => [doc._id, doc] as const);
    const [built] = IndexTree.buildAll([byOrgAndTime], () => entries, 'db.c');
    expect(scan(built!, { equal: ['o1'] })).toEqual(['e', 'b', 'g', 'c', 'a', 'f']);
    expect(() => IndexTree.buildAll([unique], () => entries, 'db.c')).toThrow(DuplicateKeyError);
    expect(() => IndexTree.buildAll([unique], () => entries, 'db.c')).toThrow(
      'E11000 duplicate key error collection: db.c index: org_t_unique dup key: { org: "o1", t: 3 }',
    );
  });
});

describe('IdIndex', () => {
  const index = new IdIndex(['b', 'a', 10, 'c', 2]);

  it('orders numbers before strings', () => {
    expect(scan(index, { equal: [] })).toEqual([2, 10, 'a', 'b', 'c']);
    expect(scan(index, { equal: [] }, true)).toEqual(['c', 'b', 'a', 10, 2]);
  });

  it('scans ranges and single values', () => {
    const afterA = {
      equal: [],
      lower: { value: 'a', inclusive: false },
      upper: { value: endOfType(''), inclusive: true },
    };
    expect(scan(index, afterA)).toEqual(['b', 'c']);
    expect(scan(index, afterA, true)).toEqual(['c', 'b']);
    const upToB = {
      equal: [],
      lower: { value: startOfType(''), inclusive: true },
      upper: { value: 'b', inclusive: true },
    };
    expect(scan(index, upToB)).toEqual(['a', 'b']);
    expect(scan(index, { ...upToB, upper: { value: 'b', inclusive: false } }, true)).toEqual(['a']);
    expect(scan(index, { equal: [10] })).toEqual([10]);
    expect(scan(index, { equal: ['zz'] })).toEqual([]);
    const empty = {
      equal: [],
      lower: { value: 'b', inclusive: false },
      upper: { value: 'b', inclusive: true },
    };
    expect(scan(index, empty)).toEqual([]);
  });

  it('counts entries up to a maximum', () => {
    expect(index.count({ equal: [] }, Number.POSITIVE_INFINITY)).toBe(5);
    expect(index.count({ equal: [] }, 3)).toBe(3);
    expect(index.count({ equal: ['a'] }, 10)).toBe(1);
  });
});
