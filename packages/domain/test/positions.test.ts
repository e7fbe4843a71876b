/**
 * The positions module: order keys between siblings, and the resolution of a requested
 * position (before/after a sibling, or last) against the spaces and collections of a parent.
 */
import { describe, expect, it } from 'vitest';
import type { ContentPosition } from '../src/content/positions/content-position-schema';
import { positionBetween } from '../src/content/positions/position-between';
import type { SiblingKind, SiblingRange } from '../src/content/positions/records';
import { resolveSiblingPosition } from '../src/content/positions/resolve-sibling-position';
import type { DomainServices } from '../src/core/context';
import { DomainError } from '../src/core/errors';

interface Item {
  kind: SiblingKind;
  id: string;
  organizationId: string;
  parentId?: string;
  position: string;
  deletedAt?: string;
}

/** Reads of the stand-in and the rows they returned, to see what a resolution costs. */
interface ReadCount {
  reads: number;
  rows: number;
}

const inOrder = (a: Item, b: Item) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1;

/** An in-memory stand-in for the two repositories `resolveSiblingPosition` reads. */
function fakeServices(items: Item[], reads: ReadCount = { reads: 0, rows: 0 }): DomainServices {
  const under = (kind: SiblingKind, organizationId: string, parentId: string | undefined) =>
    items.filter((i) => i.kind === kind && i.organizationId === organizationId && i.parentId === parentId);
  const record = ({ id, position, deletedAt }: Item) =>
    deletedAt ? { id, position, deletedAt } : { id, position };
  const range = (kind: SiblingKind) => async (query: SiblingRange) => {
    const up = query.direction === 'up';
    const found = under(kind, query.organizationId, query.parentId)
      .filter((i) => !(query.liveOnly && i.deletedAt))
      .filter((i) => query.from === undefined || (up ? i.position >= query.from : i.position <= query.from))
      .sort((a, b) => (up ? inOrder(a, b) : inOrder(b, a)))
      .slice(0, query.limit)
      .map(record);
    reads.reads += 1;
    reads.rows += found.length;
    return found;
  };
  const find = (kind: SiblingKind) => async (id: string) => {
    const found = items.find((i) => i.kind === kind && i.id === id) ?? null;
    reads.reads += 1;
    if (found) reads.rows += 1;
    return found;
  };
  return {
    repos: {
      spaces: { listSiblingRange: range('space'), findById: find('space') },
      collections: { listSiblingRange: range('collection'), findById: find('collection') },
    },
  } as unknown as DomainServices;
}

/** Visible siblings of a parent, in order, as `kind:id`. */
function orderOf(items: Item[], parentId?: string): string[] {
  return items
    .filter((i) => i.parentId === parentId && !i.deletedAt)
    .sort((a, b) =>
      a.position < b.position
        ? -1
        : a.position > b.position
          ? 1
          : `${a.kind}:${a.id}` < `${b.kind}:${b.id}`
            ? -1
            : 1,
    )
    .map((i) => `${i.kind}:${i.id}`);
}

const space = (id: string) => ({ type: 'space' as const, space: id });
const collection = (id: string) => ({ type: 'collection' as const, collection: id });

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

/** Builds `n` top-level siblings appended in order: s0, c1, s2, ... (alternating kinds). */
function siblingsInOrder(n: number, organizationId = 'org'): Item[] {
  const items: Item[] = [];
  let last: string | null = null;
  for (let i = 0; i < n; i++) {
    last = positionBetween(last, null);
    items.push({ kind: i % 2 === 0 ? 'space' : 'collection', id: `${i}`, organizationId, position: last });
  }
  return items;
}

describe('positionBetween', () => {
  it('returns a key strictly between its bounds, or past one side', () => {
    const a = positionBetween(null, null);
    const b = positionBetween(a, null);
    const z = positionBetween(null, a);
    const m = positionBetween(a, b);
    expect(z < a && a < m && m < b).toBe(true);
  });

  it('refuses bounds in the wrong order or equal', () => {
    const a = positionBetween(null, null);
    const b = positionBetween(a, null);
    expect(() => positionBetween(b, a)).toThrow();
    expect(() => positionBetween(a, a)).toThrow();
  });

  it('keeps keys short over a thousand appends and inserts at the front', () => {
    let last: string | null = null;
    let first: string | null = null;
    for (let i = 0; i < 1000; i++) {
      last = positionBetween(last, null);
      first = positionBetween(null, first);
    }
    expect(last!.length).toBeLessThanOrEqual(4);
    expect(first!.length).toBeLessThanOrEqual(4);
  });
});

describe('resolveSiblingPosition', () => {
  it('places an item last when no position is given', async () => {
    const items = siblingsInOrder(3);
    const services = fakeServices(items);
    const key = await resolveSiblingPosition(services, {
      organizationId: 'org',
      parentId: undefined,
      moving: { kind: 'space', id: 'new' },
      position: undefined,
    });
    items.push({ kind: 'space', id: 'new', organizationId: 'org', position: key });
    expect(orderOf(items).at(-1)).toBe('space:new');
  });

  it('places an item before or after a sibling of either kind, or between two adjacent ones', async () => {
    const items = siblingsInOrder(4); // space:0 collection:1 space:2 collection:3
    const services = fakeServices(items);
    const place = async (position: ContentPosition) => {
      const key = await resolveSiblingPosition(services, {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: 'space', id: 'm' },
        position,
      });
      return orderOf([...items, { kind: 'space', id: 'm', organizationId: 'org', position: key }]);
    };
    expect(await place({ before: space('0') })).toEqual([
      'space:m',
      'space:0',
      'collection:1',
      'space:2',
      'collection:3',
    ]);
    expect(await place({ after: collection('1') })).toEqual([
      'space:0',
      'collection:1',
      'space:m',
      'space:2',
      'collection:3',
    ]);
    expect(await place({ after: collection('3') })).toEqual([
      'space:0',
      'collection:1',
      'space:2',
      'collection:3',
      'space:m',
    ]);
    expect(await place({ after: space('2'), before: collection('3') })).toEqual([
      'space:0',
      'collection:1',
      'space:2',
      'space:m',
      'collection:3',
    ]);
  });

  it('refuses a reference to the moving item itself', async () => {
    const items = siblingsInOrder(3);
    const error = await errorOf(
      resolveSiblingPosition(fakeServices(items), {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: 'space', id: '0' },
        position: { before: space('0') },
      }),
    );
    expect(error.code).toBe('invalid_position');
  });

  it('refuses a reference that is not a sibling under the parent', async () => {
    const items = siblingsInOrder(3);
    items.push({ kind: 'space', id: 'nested', organizationId: 'org', parentId: '1', position: 'a0' });
    const error = await errorOf(
      resolveSiblingPosition(fakeServices(items), {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: 'space', id: '0' },
        position: { after: space('nested') },
      }),
    );
    expect(error.code).toBe('invalid_position');
  });

  it('refuses "after" and "before" that are not adjacent', async () => {
    const items = siblingsInOrder(4);
    const error = await errorOf(
      resolveSiblingPosition(fakeServices(items), {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: 'space', id: 'm' },
        position: { after: space('0'), before: collection('3') },
      }),
    );
    expect(error.code).toBe('invalid_position');
  });

  it('answers not found for a reference that does not exist, is deleted or is in another organization', async () => {
    const items = siblingsInOrder(3);
    items.push({ kind: 'space', id: 'gone', organizationId: 'org', position: 'a5', deletedAt: '2024-01-01' });
    items.push({ kind: 'collection', id: 'foreign', organizationId: 'other', position: 'a0' });
    const services = fakeServices(items);
    for (const ref of [space('nope'), space('gone'), collection('foreign')]) {
      const error = await errorOf(
        resolveSiblingPosition(services, {
          organizationId: 'org',
          parentId: undefined,
          moving: { kind: 'space', id: '0' },
          position: { after: ref },
        }),
      );
      expect(error.code).toBe('not_found');
    }
  });

  it('returns the current key when the item already is where it is asked to go', async () => {
    const items = siblingsInOrder(4);
    const services = fakeServices(items);
    const request = (id: string, kind: SiblingKind, position: ContentPosition | undefined) =>
      resolveSiblingPosition(services, {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind, id },
        position,
      });
    expect(await request('3', 'collection', undefined)).toBe(items[3]!.position);
    expect(await request('2', 'space', { after: collection('1') })).toBe(items[2]!.position);
    expect(await request('2', 'space', { before: collection('3') })).toBe(items[2]!.position);
    expect(await request('2', 'space', { before: collection('1') })).not.toBe(items[2]!.position);
  });

  it('never reuses the key of a deleted space (it may be restored)', async () => {
    const items = siblingsInOrder(2);
    const deletedKey = positionBetween(items[1]!.position, null);
    items.push({ kind: 'space', id: 'deleted', organizationId: 'org', position: deletedKey, deletedAt: 'x' });
    const key = await resolveSiblingPosition(fakeServices(items), {
      organizationId: 'org',
      parentId: undefined,
      moving: { kind: 'space', id: 'new' },
      position: undefined,
    });
    expect(key).not.toBe(deletedKey);
    expect(key > items[1]!.position).toBe(true);
  });

  it('places an item after siblings sharing a key (left by concurrent moves)', async () => {
    const items = siblingsInOrder(3);
    items[2]!.position = items[1]!.position; // a tie, as two concurrent moves can leave
    const key = await resolveSiblingPosition(fakeServices(items), {
      organizationId: 'org',
      parentId: undefined,
      moving: { kind: 'space', id: 'm' },
      position: { after: collection('1') },
    });
    expect(key > items[1]!.position).toBe(true);
  });

  it('keeps a stable order with short keys over thousands of random moves', async () => {
    const items = siblingsInOrder(30);
    const services = fakeServices(items);
    // The model: the expected order, updated by hand for each move.
    let expected = orderOf(items);
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const moving = items[random(items.length)]!;
      const movingKey = `${moving.kind}:${moving.id}`;
      const others = expected.filter((k) => k !== movingKey);
      const targetKey = others[random(others.length)]!;
      const [kind, id] = targetKey.split(':') as [SiblingKind, string];
      const ref = kind === 'space' ? space(id) : collection(id);
      const mode = random(3);
      const position: ContentPosition | undefined =
        mode === 0 ? { before: ref } : mode === 1 ? { after: ref } : undefined;
      moving.position = await resolveSiblingPosition(services, {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: moving.kind, id: moving.id },
        position,
      });
      const at = mode === 2 ? others.length : others.indexOf(targetKey) + (mode === 1 ? 1 : 0);
      expected = [...others.slice(0, at), movingKey, ...others.slice(at)];
      expect(orderOf(items)).toEqual(expected);
    }
    const longest = Math.max(...items.map((item) => item.position.length));
    expect(longest).toBeLessThan(16);
  });

  it('reads as much among 6,000 siblings as among 10: the neighbours only, never the level', async () => {
    const cost = async (size: number, position: (items: Item[]) => ContentPosition | undefined) => {
      const items = siblingsInOrder(size);
      // A deleted space keeps its key among the live ones.
      const key = positionBetween(items[6]!.position, items[7]!.position);
      items.push({ kind: 'space', id: 'gone', organizationId: 'org', position: key, deletedAt: 'x' });
      const reads = { reads: 0, rows: 0 };
      await resolveSiblingPosition(fakeServices(items, reads), {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: 'space', id: '0' },
        position: position(items),
      });
      return reads;
    };
    const cases: Array<(items: Item[]) => ContentPosition | undefined> = [
      () => undefined,
      (items) => ({ after: space(items[4]!.id) }),
      (items) => ({ before: collection(items[5]!.id) }),
      (items) => ({ after: space(items[8]!.id), before: collection(items[9]!.id) }),
    ];
    for (const position of cases) {
      const small = await cost(10, position);
      const large = await cost(6_000, position);
      expect(large.reads).toBe(small.reads);
      expect(large.rows).toBeLessThanOrEqual(24);
    }
  });

  it('tells adjacent siblings past many that share their key', async () => {
    const items = siblingsInOrder(3);
    const shared = items[1]!.position;
    for (let i = 0; i < 40; i++) {
      const id = `tie${i.toString().padStart(2, '0')}`;
      items.push({ kind: i % 2 ? 'space' : 'collection', id, organizationId: 'org', position: shared });
    }
    const services = fakeServices(items);
    const request = (position: ContentPosition) =>
      resolveSiblingPosition(services, {
        organizationId: 'org',
        parentId: undefined,
        moving: { kind: 'space', id: 'm' },
        position,
      });
    // In sibling order every collection sharing the key comes before every space sharing it.
    const key = await request({ after: space('tie01'), before: space('tie03') });
    expect(key > shared && key < items[2]!.position).toBe(true);
    expect((await errorOf(request({ after: space('tie01'), before: space('tie05') }))).code).toBe(
      'invalid_position',
    );
    expect((await errorOf(request({ after: collection('tie38'), before: space('tie03') }))).code).toBe(
      'invalid_position',
    );
    await request({ after: collection('tie38'), before: space('tie01') });
  });
});
