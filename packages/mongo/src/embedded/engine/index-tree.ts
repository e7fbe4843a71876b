/**
 * A secondary index: a B+ tree of entries `[value of each indexed field..., _id]`, ordered
 * field by field in BSON order (reversed for `-1` fields), then by `_id`, so entries are
 * distinct even when values repeat and a scan yields documents in index order.
 */
import type { Document } from 'mongodb';
import type { IndexDefinition } from '../journal-types';
import { compareBson, MAX_KEY, MIN_KEY } from './bson-order';
import { type BTree, createKeyTree, loadKeyTree } from './btree';
import type { DocumentId } from './document-id';
import { DuplicateKeyError, EmbeddedServerError } from './errors';
import { collectPathValues, splitPath } from './field-path';

/** One end of a range on an index field, in the field's own (ascending) value order. */
export interface RangeBound {
  /** A value, or a `KeyBound` for the start or end of a type (type bracketing). */
  value: unknown;
  inclusive: boolean;
}

/** Equality on the first `equal.length` fields, then optionally a range on the next one. */
export interface ScanBounds {
  equal: readonly unknown[];
  lower?: RangeBound;
  upper?: RangeBound;
}

/** What the query planner needs from an index, whether the `_id` index or a secondary one. */
export interface OrderedIndex {
  readonly definition: IndexDefinition;
  /**
   * Whether some document has an array on an indexed path. Such a document has one entry per
   * element, so a scan could return it twice and out of sort order: the planner does not
   * use multikey indexes (they still enforce uniqueness, element by element, like MongoDB).
   */
  readonly isMultikey: boolean;
  /** The `_id`s of the entries within `bounds`, in index order or reversed. */
  scan(bounds: ScanBounds, reverse: boolean): Iterable<DocumentId>;
}

/** A document's key values for one index: usually one tuple, one per array element if multikey. */
export interface IndexKeys {
  tuples: unknown[][];
  multikey: boolean;
}

type IndexEntry = unknown[];

export class IndexTree implements OrderedIndex {
  readonly definition: IndexDefinition;
  readonly #paths: ReadonlyArray<readonly string[]>;
  readonly #compare: (a: IndexEntry, b: IndexEntry) => number;
  #tree: BTree<IndexEntry, undefined>;
  #multikeyDocuments = 0;

  constructor(definition: IndexDefinition) {
    this.definition = definition;
    this.#paths = definition.key.map(([field]) => splitPath(field));
    this.#compare = entryComparator(definition.key.map(([, direction]) => direction));
    this.#tree = createKeyTree(this.#compare);
  }

  /**
   * Builds indexes over existing documents in one pass (each document is parsed once by the
   * caller's iterable) and one sorted bulk load per index. Throws a `DuplicateKeyError` if a
   * unique index would hold the same key twice.
   */
  static buildAll(
    definitions: readonly IndexDefinition[],
    documents: Iterable<readonly [DocumentId, Document]>,
    namespace: string,
  ): IndexTree[] {
    const indexes = definitions.map((definition) => new IndexTree(definition));
    const entries: IndexEntry[][] = indexes.map(() => []);
    for (const [id, doc] of documents) {
      indexes.forEach((index, i) => {
        const keys = index.keysOf(doc);
        if (keys.multikey) index.#multikeyDocuments++;
        for (const tuple of keys.tuples) entries[i]!.push(entryOf(tuple, id));
      });
    }
    indexes.forEach((index, i) => {
      const sorted = entries[i]!.sort(index.#compare);
      const { key, unique } = index.definition;
      if (unique) {
        for (let j = 1; j < sorted.length; j++) {
          if (sameValues(sorted[j - 1]!, sorted[j]!, key.length)) {
            throw new DuplicateKeyError(namespace, index.definition, sorted[j]!.slice(0, key.length));
          }
        }
      }
      index.#tree = loadKeyTree(sorted, index.#compare);
      // Let the collected entries go while the next index loads: the tree holds them now.
      entries[i] = [];
    });
    return indexes;
  }

  get isMultikey(): boolean {
    return this.#multikeyDocuments > 0;
  }

  get size(): number {
    return this.#tree.size;
  }

  /** The key tuples of `doc`. Throws if two indexed paths hold arrays, as MongoDB does. */
  keysOf(doc: Document): IndexKeys {
    const found = this.#paths.map((parts) => collectPathValues(doc, parts));
    let arrayField = -1;
    for (let i = 0; i < found.length; i++) {
      if (!found[i]!.throughArray) continue;
      if (arrayField >= 0) {
        const [first, second] = [this.definition.key[arrayField]![0], this.definition.key[i]![0]];
        throw new EmbeddedServerError(
          'CannotIndexParallelArrays',
          `cannot index parallel arrays [${second}] [${first}] (index ${this.definition.name})`,
        );
      }
      arrayField = i;
    }
    const single = found.map((path) => path.values[0] ?? null);
    if (arrayField < 0) return { tuples: [single], multikey: false };
    return {
      tuples: distinctValues(found[arrayField]!.values).map((value) => {
        const tuple = single.slice();
        tuple[arrayField] = value ?? null;
        return tuple;
      }),
      multikey: true,
    };
  }

  add(keys: IndexKeys, id: DocumentId): void {
    for (const tuple of keys.tuples) this.#tree.set(entryOf(tuple, id), undefined);
    if (keys.multikey) this.#multikeyDocuments++;
  }

  remove(keys: IndexKeys, id: DocumentId): void {
    for (const tuple of keys.tuples) this.#tree.delete(entryOf(tuple, id));
    if (keys.multikey) this.#multikeyDocuments--;
  }

  /**
   * The `_id` of another document holding key `values`, if any; `isReplaced` tells which
   * documents the current write removes or rewrites, whose old keys do not count.
   */
  findHolder(
    values: readonly unknown[],
    id: DocumentId,
    isReplaced: (id: DocumentId) => boolean,
  ): DocumentId | undefined {
    const fields = values.length;
    const low: IndexEntry = [...values, MIN_KEY];
    for (const [entry] of this.#tree.entries(low, [])) {
      if (!sameValues(entry, low, fields)) return undefined;
      const holder = entry[fields] as DocumentId;
      if (holder !== id && !isReplaced(holder)) return holder;
    }
    return undefined;
  }

  *scan(bounds: ScanBounds, reverse: boolean): Iterable<DocumentId> {
    const low = this.#treeBound(bounds, 'low');
    const high = this.#treeBound(bounds, 'high');
    const idPosition = this.definition.key.length;
    const reused: IndexEntry[] = [];
    if (reverse) {
      for (const [entry] of this.#tree.entriesReversed(high, reused)) {
        if (this.#compare(entry, low) < 0) return;
        yield entry[idPosition] as DocumentId;
      }
    } else {
      for (const [entry] of this.#tree.entries(low, reused)) {
        if (this.#compare(entry, high) > 0) return;
        yield entry[idPosition] as DocumentId;
      }
    }
  }

  /**
   * The tree position where a scan starts ('low') or ends ('high'). Bounds end with MIN_KEY
   * or MAX_KEY, which sort before or after every `_id`, so no entry ever equals a bound and
   * inclusiveness is expressed by which of the two follows the bound value. On a `-1` field
   * the tree runs from high values to low ones, so the value range's ends swap.
   */
  #treeBound(bounds: ScanBounds, end: 'low' | 'high'): IndexEntry {
    const { equal } = bounds;
    const rangeField = this.definition.key[equal.length];
    if (rangeField === undefined) return [...equal, end === 'low' ? MIN_KEY : MAX_KEY];
    const ascending = rangeField[1] === 1;
    const bound = (end === 'low') === ascending ? bounds.lower : bounds.upper;
    if (bound === undefined) return [...equal, end === 'low' ? MIN_KEY : MAX_KEY];
    const before = end === 'low' ? bound.inclusive : !bound.inclusive;
    return [...equal, bound.value, before ? MIN_KEY : MAX_KEY];
  }
}

/**
 * Orders entries field by field, reversing `-1` fields, then by `_id`. MIN_KEY and MAX_KEY
 * mark the ends of a scan and are never reversed; type-bracket bounds are ordinary values
 * and reverse with their field.
 */
function entryComparator(directions: ReadonlyArray<1 | -1>): (a: IndexEntry, b: IndexEntry) => number {
  const fields = directions.length;
  return (a, b) => {
    const shared = Math.min(a.length, b.length);
    for (let i = 0; i < shared; i++) {
      const x = a[i];
      const y = b[i];
      if (x === MIN_KEY || y === MAX_KEY) return x === y ? 0 : -1;
      if (x === MAX_KEY || y === MIN_KEY) return x === y ? 0 : 1;
      const order = compareBson(x, y);
      if (order !== 0) return i < fields && directions[i] === -1 ? -order : order;
    }
    return a.length - b.length;
  };
}

/** An entry sized exactly: a million of them should not carry spare array capacity. */
function entryOf(tuple: readonly unknown[], id: DocumentId): IndexEntry {
  const entry: IndexEntry = new Array(tuple.length + 1);
  for (let i = 0; i < tuple.length; i++) entry[i] = tuple[i];
  entry[tuple.length] = id;
  return entry;
}

function sameValues(a: IndexEntry, b: IndexEntry, fields: number): boolean {
  for (let i = 0; i < fields; i++) if (compareBson(a[i], b[i]) !== 0) return false;
  return true;
}

/** An array's elements once each (`[1, 1]` indexes 1 once, as in MongoDB). */
function distinctValues(values: unknown[]): unknown[] {
  if (values.length < 2) return values;
  const sorted = values.map((value) => value ?? null).sort(compareBson);
  return sorted.filter((value, i) => i === 0 || compareBson(sorted[i - 1], value) !== 0);
}
