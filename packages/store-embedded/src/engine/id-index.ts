/**
 * The `_id` index: every `_id` in BSON order (numbers before strings). Point reads go to
 * the document map directly; this tree serves `_id` ranges and sorts on `_id`.
 */
import type { IndexDefinition } from '../journal-types';
import { compareBson, MAX_KEY, MIN_KEY } from './bson-order';
import { type BTree, createTree, loadTree } from './btree';
import type { DocumentId } from './document-id';
import { ID_INDEX } from './index-spec';
import { type OrderedIndex, type RangeBound, type ScanBounds, STOP_WALK } from './index-tree';

export class IdIndex implements OrderedIndex {
  readonly definition: IndexDefinition = ID_INDEX;
  readonly isMultikey = false;
  // Keys are `_id`s, plus the KeyBounds that scans start from.
  #tree: BTree<unknown, undefined>;

  constructor(ids: DocumentId[] = []) {
    ids.sort(compareBson);
    this.#tree = loadTree<unknown, undefined>(ids, compareBson);
  }

  add(id: DocumentId): void {
    this.#tree.set(id, undefined);
  }

  get isEmpty(): boolean {
    return this.#tree.size === 0;
  }

  remove(id: DocumentId): void {
    this.#tree.delete(id);
  }

  clear(): void {
    this.#tree = createTree<unknown, undefined>(compareBson);
  }

  scan(bounds: ScanBounds, reverse: boolean, visit: (id: DocumentId) => boolean): number {
    const { lower, upper } = rangeOf(bounds);
    let visited = 0;
    if (reverse) {
      for (const [id] of this.#tree.entriesReversed(upper.value, undefined, !upper.inclusive)) {
        if (!within(id, lower, 1)) break;
        visited++;
        if (!visit(id as DocumentId)) break;
      }
      return visited;
    }
    this.#tree.forRange(lower.value, upper.value, upper.inclusive, (id) => {
      if (!lower.inclusive && compareBson(id, lower.value) === 0) return;
      visited++;
      if (!visit(id as DocumentId)) return STOP_WALK;
    });
    return visited;
  }

  count(bounds: ScanBounds, max: number): number {
    let counted = 0;
    this.scan(bounds, false, () => ++counted < max);
    return counted;
  }
}

/** The scan's ends: an equality is a range of one value; a missing end is MIN_KEY or MAX_KEY. */
function rangeOf(bounds: ScanBounds): { lower: RangeBound; upper: RangeBound } {
  if (bounds.equal.length > 0) {
    const only: RangeBound = { value: bounds.equal[0], inclusive: true };
    return { lower: only, upper: only };
  }
  return {
    lower: bounds.lower ?? { value: MIN_KEY, inclusive: true },
    upper: bounds.upper ?? { value: MAX_KEY, inclusive: true },
  };
}

/** Whether `value` is on the inner side of `bound`: above a lower one (side 1), below an upper one (-1). */
function within(value: unknown, bound: RangeBound, side: 1 | -1): boolean {
  const order = compareBson(value, bound.value) * side;
  return order > 0 || (order === 0 && bound.inclusive);
}
