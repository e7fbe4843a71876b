/**
 * Seeded random documents and filters, for tests that compare the engine's fast paths with
 * mingo's judgement of the same filter. A failure names its seed, so it can be replayed.
 */
import type { Document } from '@quire/store';

export type Random = () => number;

/** mulberry32: small, fast and good enough to explore shapes. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

const SCALARS = [0, -0, 1, 2, -1, 2.5, 10, '', 'a', 'b', 'ab', 'B', '1', true, false, null] as const;

function scalar(random: Random): unknown {
  return pick(random, SCALARS);
}

/** A value of any shape a stored document can hold: mostly scalars, some arrays and objects. */
function value(random: Random, depth = 0): unknown {
  const roll = random();
  if (roll < 0.7 || depth > 1) return scalar(random);
  if (roll < 0.8) return Array.from({ length: Math.floor(random() * 3) }, () => scalar(random));
  if (roll < 0.85) return [scalar(random), [scalar(random)]];
  if (roll < 0.93) return { x: value(random, depth + 1), y: scalar(random) };
  return [{ x: scalar(random) }, { x: value(random, depth + 1) }];
}

/** Documents with fields a, b, c, o (a sub-document or other value), each sometimes missing. */
export function randomDocument(random: Random, id: string): Document {
  const doc: Document = { _id: id };
  for (const field of ['a', 'b', 'c']) if (random() < 0.85) doc[field] = value(random);
  if (random() < 0.7) doc.o = random() < 0.7 ? { x: value(random, 1), y: scalar(random) } : value(random);
  // An own field named like an Object.prototype member.
  if (random() < 0.1) Object.assign(doc, Object.fromEntries([['constructor', scalar(random)]]));
  // As stored: JSON text parsed back.
  return JSON.parse(JSON.stringify(doc)) as Document;
}

const FIELDS = ['a', 'b', 'c', 'a', 'b', 'o.x', 'o.y', 'o', 'a.0', 'constructor'];
const COMPARABLE = [0, 1, 2, -1, 2.5, 10, '', 'a', 'ab', 'b', 'B', -Infinity];

/** A condition on one field, in the grammar of the engine's direct predicates. */
function condition(random: Random, field: string): unknown {
  const roll = random();
  if (roll < 0.3) return scalar(random);
  if (roll < 0.4) return { $eq: scalar(random) };
  if (roll < 0.47) return { $ne: scalar(random) };
  if (roll < 0.6) return { $in: Array.from({ length: Math.floor(random() * 4) }, () => scalar(random)) };
  if (roll < 0.65)
    return { $nin: Array.from({ length: 1 + Math.floor(random() * 3) }, () => scalar(random)) };
  if (roll < 0.9) {
    const range: Document = {};
    const lower = pick(random, COMPARABLE);
    const upper =
      typeof lower === 'number' ? pick(random, [5, 10, 2.5, Infinity]) : pick(random, ['b', 'z', '']);
    if (random() < 0.8) range[pick(random, ['$gt', '$gte'])] = lower;
    if (random() < 0.6 || Object.keys(range).length === 0) range[pick(random, ['$lt', '$lte'])] = upper;
    return range;
  }
  if (roll < 0.95) {
    return pick(random, [
      { $regex: 'a', $options: 'i' },
      { $regex: '^b$' },
      { $regex: /A|^$/ },
      { $regex: /a/, $options: 'i' },
      /b/i,
      { $regex: '1', $ne: '1' },
    ]);
  }
  if (!field.includes('.')) return { $exists: random() < 0.5 };
  return { $in: [scalar(random), null] };
}

/** A filter in the grammar of the engine's direct predicates, with logical operators up to `depth`. */
export function randomFilter(random: Random, depth = 2): Document {
  const filter: Document = {};
  const clauses = 1 + Math.floor(random() * 3);
  for (let i = 0; i < clauses; i++) {
    const roll = random();
    if (depth > 0 && roll < 0.2) {
      const operator = pick(random, ['$and', '$or', '$nor']);
      if (filter[operator] !== undefined) continue;
      filter[operator] = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        randomFilter(random, depth - 1),
      );
    } else {
      const field = pick(random, FIELDS);
      if (filter[field] === undefined) filter[field] = condition(random, field);
    }
  }
  return filter;
}
