/**
 * Access to `sorted-btree`, a CommonJS package. Node's ESM loader hands over its whole
 * `module.exports` as the default import while bundlers (vitest) unwrap `default`, so the
 * class is looked up in both places once, here.
 */
import SortedBTree from 'sorted-btree';
import { bulkLoad } from 'sorted-btree/extended/bulkLoad';

export type BTree<K, V> = SortedBTree<K, V>;
type BTreeConstructor = typeof SortedBTree;

const BTreeClass: BTreeConstructor =
  (SortedBTree as unknown as { default?: BTreeConstructor }).default ?? SortedBTree;

/** Keys per node: wide nodes keep the per-key overhead low for million-entry indexes. */
const MAX_NODE_SIZE = 64;

export type Comparator<K> = (a: K, b: K) => number;

export function createTree<K, V>(compare: Comparator<K>): BTree<K, V> {
  return new BTreeClass<K, V>(undefined, compare, MAX_NODE_SIZE);
}

/**
 * Builds a tree from keys already sorted by `compare` and distinct, in linear time. With
 * `values` omitted every value is undefined, and no leaf gets a values array: a million
 * keys save eight megabytes.
 */
export function loadTree<K, V>(sortedKeys: K[], compare: Comparator<K>, values?: V[]): BTree<K, V> {
  if (sortedKeys.length === 0) return createTree(compare);
  return bulkLoad<K, V>(sortedKeys, values ?? absentValues<V>(sortedKeys.length), MAX_NODE_SIZE, compare);
}

/**
 * Stands for `length` undefined values. `bulkLoad` only reads their `length` and slices
 * them per leaf, and a leaf given no values array shares the tree's all-undefined one.
 */
function absentValues<V>(length: number): V[] {
  return { length, slice: () => undefined } as unknown as V[];
}
