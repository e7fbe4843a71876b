/**
 * The `_id` index: every `_id` in BSON order (numbers before strings). Point reads go to
 * the document map directly; this tree serves `_id` ranges and sorts on `_id`.
 */
import type { IndexDefinition } from '../journal-types';
import { compareBson } from './bson-order';
import { type BTree, createTree, loadTree } from './btree';
import type { DocumentId } from './document-id';
import { ID_INDEX } from './index-spec';
import type { OrderedIndex, RangeBound, ScanBounds } from './index-tree';

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

  remove(id: DocumentId): void {
    this.#tree.delete(id);
  }

  clear(): void {
    this.#tree = createTree<unknown, undefined>(compareBson);
  }

  *scan(bounds: ScanBounds, reverse: boolean): Iterable<DocumentId> {
    const equal = bounds.equal[0];
    const lower: RangeBound | undefined =
      bounds.equal.length > 0 ? { value: equal, inclusive: true } : bounds.lower;
    const upper: RangeBound | undefined =
      bounds.equal.length > 0 ? { value: equal, inclusive: true } : bounds.upper;
    if (reverse) {
      for (const id of this.#tree.entriesReversed(
        upper?.value,
        undefined,
        upper !== undefined && !upper.inclusive,
      )) {
        if (lower !== undefined && !within(id[0], lower, 1)) return;
        yield id[0] as DocumentId;
      }
    } else {
      for (const id of this.#tree.keys(lower?.value)) {
        if (lower !== undefined && !lower.inclusive && compareBson(id, lower.value) === 0) continue;
        if (upper !== undefined && !within(id, upper, -1)) return;
        yield id as DocumentId;
      }
    }
  }
}

/** Whether `value` is on the inner side of `bound`: above a lower one (side 1), below an upper one (-1). */
function within(value: unknown, bound: RangeBound, side: 1 | -1): boolean {
  const order = compareBson(value, bound.value) * side;
  return order > 0 || (order === 0 && bound.inclusive);
}
