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

/** A node of `sorted-btree` as its own code reads it (the package declares it private). */
interface TreeNode<K, V> {
  readonly isLeaf: boolean;
  /** In a leaf, the entries' keys; in an inner node, each child's highest key. */
  readonly keys: K[];
  readonly values: V[];
  readonly children?: TreeNode<K, V>[];
  indexOf(key: K, failXor: number, compare: Comparator<K>): number;
}

/**
 * Calls `visit` with the value of each entry whose key is at least `low` and below `high`,
 * highest key first, until it returns false; returns the number of entries visited. No
 * entry's key may equal `high`. The walk `entriesReversed` does, without its iterator: a
 * page of a descending list (the members newest first) visited its hundred entries through
 * a result object each and a pair array, a sixth of the page's store read.
 */
export function forRangeReversed<K, V>(
  tree: BTree<K, V>,
  low: K,
  high: K,
  visit: (value: V) => boolean,
): number {
  const { _root: root, _compare: compare } = tree as unknown as {
    _root: TreeNode<K, V>;
    _compare: Comparator<K>;
  };
  const walk: ReversedWalk<K, V> = { low, high, compare, visit, visited: 0 };
  walkReversed(root, walk);
  return walk.visited;
}

interface ReversedWalk<K, V> {
  readonly low: K;
  readonly high: K;
  readonly compare: Comparator<K>;
  readonly visit: (value: V) => boolean;
  visited: number;
}

/**
 * `forRangeReversed` below `node`: whether the walk goes on after it (false once an entry
 * below `low` is met or `visit` stops it). A function of its own, not a closure: the build
 * names every closure it makes (`keepNames`), a property definition on each call.
 */
function walkReversed<K, V>(node: TreeNode<K, V>, walk: ReversedWalk<K, V>): boolean {
  const { low, compare } = walk;
  // The first key above `high` (none equals it): what is in range is to its left.
  const start = node.indexOf(walk.high, 0, compare);
  if (node.isLeaf) {
    const { keys, values } = node;
    for (let i = start - 1; i >= 0; i--) {
      if (compare(keys[i]!, low) < 0) return false;
      walk.visited++;
      if (!walk.visit(values[i]!)) return false;
    }
    return true;
  }
  const children = node.children!;
  // An inner node's key is its child's highest: the child at `start` may hold keys below `high` too.
  for (let i = Math.min(start, children.length - 1); i >= 0; i--) {
    if (!walkReversed(children[i]!, walk)) return false;
  }
  return true;
}
