/**
 * A secondary index: a B+ tree whose keys are `[value of each indexed field..., _id]` in
 * BSON order (reversed for `-1` fields), so entries are distinct even when values repeat
 * and a scan yields documents in index order. Keys are stored in the order-preserving
 * string encoding of `key-encoding.ts`; each entry's value is its document's `_id`, the very
 * value the document holds (one pointer per entry, eight bytes: a scan hands it over as is,
 * where reading it back from the key made a new string per entry, hashed again by the lookup
 * of its document, about a fifth of a hundred-member page's read).
 */
import type { Document } from '@quire/store';
import type { IndexDefinition } from '../journal-types';
import { type BTree, createTree, forRangeReversed, loadTree } from './btree';
import type { DocumentId } from './document-id';
import { DuplicateKeyError, EmbeddedServerError } from './errors';
import { collectPathValues, splitPath } from './field-path';
import {
  AFTER_PREFIX_CODE,
  codesToString,
  decodeEntryId,
  encodeEntryKey,
  encodeValue,
  entryValues,
} from './key-encoding';

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
  /** Whether the index has no entries (then a plan need not even build its intervals). */
  readonly isEmpty: boolean;
  /**
   * Calls `visit` with the `_id` of each entry within `bounds`, in index order or reversed,
   * until it returns false. Returns the number of entries visited.
   */
  scan(bounds: ScanBounds, reverse: boolean, visit: (id: DocumentId) => boolean): number;
  /** The number of entries within `bounds`, counting up to `max`. */
  count(bounds: ScanBounds, max: number): number;
}

/** What a range callback of `sorted-btree` returns to stop the walk. */
export const STOP_WALK = Object.freeze({ break: true });

/**
 * A document's keys for one index: usually one, one per distinct array element if multikey.
 * `encoded[i]` is `tuples[i]` encoded, the entry's key without the `_id`; `codes[i]` its
 * character codes, from which entries are built as flat strings.
 */
export interface IndexKeys {
  tuples: unknown[][];
  encoded: string[];
  codes: number[][];
  multikey: boolean;
}

const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class IndexTree implements OrderedIndex {
  readonly definition: IndexDefinition;
  readonly #paths: ReadonlyArray<readonly string[]>;
  readonly #directions: ReadonlyArray<1 | -1>;
  // Keys from `encodeEntryKey`, which carry the `_id` (for order and uniqueness); each value
  // is the document's own `_id`.
  #tree: BTree<string, DocumentId>;
  #multikeyDocuments = 0;

  constructor(definition: IndexDefinition) {
    this.definition = definition;
    this.#paths = definition.key.map(([field]) => splitPath(field));
    this.#directions = definition.key.map(([, direction]) => direction);
    this.#tree = createTree(compareKeys);
  }

  /**
   * Builds indexes over existing documents in one pass (each document is parsed once by the
   * caller's iterable) and one sorted bulk load per index. Throws a `DuplicateKeyError` if a
   * unique index would hold the same key twice.
   */
  static buildAll(
    definitions: readonly IndexDefinition[],
    documents: () => Iterable<readonly [DocumentId, Document]>,
    namespace: string,
  ): IndexTree[] {
    const indexes = definitions.map((definition) => new IndexTree(definition));
    const keys: string[][] = indexes.map(() => []);
    // Each `_id` as the document holds it, so the entries share it rather than a copy each.
    const ids = new Map<DocumentId, DocumentId>();
    for (const [id, doc] of documents()) {
      ids.set(id, id);
      indexes.forEach((index, i) => {
        const { codes, multikey } = index.#valuesOf(doc);
        if (multikey) index.#multikeyDocuments++;
        for (const valueCodes of codes) keys[i]!.push(encodeEntryKey(valueCodes, id));
      });
    }
    indexes.forEach((index, i) => {
      // The default sort compares strings by UTF-16 code unit: the keys' order, natively.
      const sorted = keys[i]!.sort();
      if (index.definition.unique) {
        for (let j = 1; j < sorted.length; j++) {
          if (entryValues(sorted[j - 1]!) === entryValues(sorted[j]!)) {
            throw index.#duplicateError(namespace, sorted[j]!, documents);
          }
        }
      }
      const values = sorted.map((key) => {
        const id = decodeEntryId(key);
        return ids.get(id) ?? id;
      });
      index.#tree = loadTree<string, DocumentId>(sorted, compareKeys, values);
      // Let the collected keys go while the next index loads: the tree holds them now.
      keys[i] = [];
    });
    return indexes;
  }

  /** The error for a duplicate found while building: its values are read back from the document. */
  #duplicateError(
    namespace: string,
    key: string,
    documents: () => Iterable<readonly [DocumentId, Document]>,
  ): DuplicateKeyError {
    const id = decodeEntryId(key);
    const encoded = entryValues(key);
    for (const [candidate, doc] of documents()) {
      if (candidate !== id) continue;
      const keys = this.keysOf(doc);
      const position = keys.encoded.indexOf(encoded);
      return new DuplicateKeyError(namespace, this.definition, keys.tuples[position] ?? keys.tuples[0]!);
    }
    return new DuplicateKeyError(namespace, this.definition, []);
  }

  get isMultikey(): boolean {
    return this.#multikeyDocuments > 0;
  }

  get isEmpty(): boolean {
    return this.#tree.size === 0;
  }

  get size(): number {
    return this.#tree.size;
  }

  /** The keys of `doc`. Throws if two indexed paths hold arrays, as MongoDB does. */
  keysOf(doc: Document): IndexKeys {
    const keys = this.#valuesOf(doc);
    return { ...keys, encoded: keys.codes.map(codesToString) };
  }

  add(keys: IndexKeys, id: DocumentId): void {
    for (const codes of keys.codes) this.#tree.set(encodeEntryKey(codes, id), id);
    if (keys.multikey) this.#multikeyDocuments++;
  }

  remove(keys: IndexKeys, id: DocumentId): void {
    for (const codes of keys.codes) this.#tree.delete(encodeEntryKey(codes, id));
    if (keys.multikey) this.#multikeyDocuments--;
  }

  /**
   * The `_id` of another document holding the key `encoded` (from `IndexKeys`), if any;
   * `isReplaced` tells which documents the current write removes or rewrites, whose old
   * keys do not count.
   */
  findHolder(
    encoded: string,
    id: DocumentId,
    isReplaced: (id: DocumentId) => boolean,
  ): DocumentId | undefined {
    // Encodings are self-delimiting, so only entries with exactly these values start with it.
    for (const [key, holder] of this.#tree.entries(encoded)) {
      if (!key.startsWith(encoded)) return undefined;
      if (holder !== id && !isReplaced(holder)) return holder;
    }
    return undefined;
  }

  scan(bounds: ScanBounds, reverse: boolean, visit: (id: DocumentId) => boolean): number {
    // Not even the bounds are encoded in an empty index (an `$in` scans one interval per value).
    if (this.#tree.size === 0) return 0;
    const { low, high } = this.#treeBounds(bounds);
    // No entry equals a bound (see `#treeBounds`), so `high` is excluded either way.
    if (reverse) return forRangeReversed(this.#tree, low, high, visit);
    let visited = 0;
    this.#tree.forRange(low, high, false, (_key, id) => {
      visited++;
      if (!visit(id)) return STOP_WALK;
    });
    return visited;
  }

  count(bounds: ScanBounds, max: number): number {
    if (max <= 0 || this.#tree.size === 0) return 0;
    const { low, high } = this.#treeBounds(bounds);
    if (max === Number.POSITIVE_INFINITY) return this.#tree.forRange(low, high, false);
    let counted = 0;
    this.#tree.forRange(low, high, false, () => {
      if (++counted >= max) return STOP_WALK;
    });
    return counted;
  }

  /** The values of `doc` for each key (usually one; one per distinct element if multikey), encoded. */
  #valuesOf(doc: Document): Omit<IndexKeys, 'encoded'> {
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
    if (arrayField < 0) return { tuples: [single], codes: [this.#codesOf(single)], multikey: false };
    // One entry per distinct element (`[1, 1]` is indexed once, as in MongoDB).
    const byEncoding = new Map<string, { tuple: unknown[]; codes: number[] }>();
    for (const value of found[arrayField]!.values) {
      const tuple = single.slice();
      tuple[arrayField] = value ?? null;
      const codes = this.#codesOf(tuple);
      byEncoding.set(codesToString(codes), { tuple, codes });
    }
    const distinct = [...byEncoding.values()];
    return {
      tuples: distinct.map(({ tuple }) => tuple),
      codes: distinct.map(({ codes }) => codes),
      multikey: true,
    };
  }

  #codesOf(values: readonly unknown[]): number[] {
    const codes: number[] = [];
    values.forEach((value, i) => {
      encodeValue(value, this.#directions[i]!, codes);
    });
    return codes;
  }

  /**
   * The key where a scan starts ('low') or ends ('high'). No entry equals a bound: an entry
   * continues past the encoded values (with more fields and its `_id`), so the bound itself
   * sorts just before the entries that start with it, and the bound followed by
   * AFTER_PREFIX_CODE just after them. On a `-1` field the tree runs from high values to low
   * ones, so the value range's ends swap.
   */
  #treeBounds(bounds: ScanBounds): { low: string; high: string } {
    const codes: number[] = [];
    const { equal } = bounds;
    for (let i = 0; i < equal.length; i++) encodeValue(equal[i], this.#directions[i]!, codes);
    const direction = this.#directions[equal.length];
    const prefixLength = codes.length;
    const lowBound = direction === undefined ? undefined : direction === 1 ? bounds.lower : bounds.upper;
    const highBound = direction === undefined ? undefined : direction === 1 ? bounds.upper : bounds.lower;
    if (lowBound !== undefined) {
      encodeValue(lowBound.value, direction!, codes);
      if (!lowBound.inclusive) codes.push(AFTER_PREFIX_CODE);
    }
    const low = codesToString(codes);
    codes.length = prefixLength;
    if (highBound !== undefined) {
      encodeValue(highBound.value, direction!, codes);
      if (highBound.inclusive) codes.push(AFTER_PREFIX_CODE);
    } else codes.push(AFTER_PREFIX_CODE);
    return { low, high: codesToString(codes) };
  }
}
