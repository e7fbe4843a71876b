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

/** An ordered set of keys (a B+ tree whose values are all undefined, so it stores none). */
export function createKeyTree<K>(compare: Comparator<K>): BTree<K, undefined> {
  return new BTreeClass<K, undefined>(undefined, compare, MAX_NODE_SIZE);
}

/** Builds the tree from keys already sorted by `compare` and distinct, in linear time. */
export function loadKeyTree<K>(sortedKeys: K[], compare: Comparator<K>): BTree<K, undefined> {
  if (sortedKeys.length === 0) return createKeyTree(compare);
  const values: undefined[] = new Array(sortedKeys.length).fill(undefined);
  return bulkLoad<K, undefined>(sortedKeys, values, MAX_NODE_SIZE, compare);
}
