/**
 * A page's change as blocks: the top-level blocks of the document before and after (GitBook's
 * document, read from each side's markdown), matched by their content (keys aside) with a
 * longest common subsequence, so that a tab set, a stepper or a card grid that changed shows
 * as the block removed and the block added, each rendered, and the blocks around as unchanged.
 * Bounded: past `MAX_CELLS` comparisons, the common start and end are kept and the middle is
 * one removal and one addition.
 */
import type { DocBlock } from '../content/blocks/document-shape';

export type BlockChange =
  | { kind: 'unchanged'; block: DocBlock }
  | { kind: 'removed'; block: DocBlock }
  | { kind: 'added'; block: DocBlock };

/** A block edited in place: one removed and one added of the same type at the same spot. */
export type BlockEdit = { kind: 'changed'; before: DocBlock; after: DocBlock };

const MAX_CELLS = 250_000;

/** A block's content as text to compare: its JSON without the keys (which a reader makes up). */
export function blockIdentity(block: DocBlock): string {
  return JSON.stringify(block, (name, value) => (name === 'key' ? undefined : value));
}

export function diffBlocks(before: readonly DocBlock[], after: readonly DocBlock[]): BlockChange[] {
  const a = before.map(blockIdentity);
  const b = after.map(blockIdentity);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const changes: BlockChange[] = before.slice(0, start).map((block) => ({ kind: 'unchanged', block }));
  const rows = endA - start;
  const columns = endB - start;
  if (rows * columns > MAX_CELLS) {
    for (let i = start; i < endA; i++) changes.push({ kind: 'removed', block: before[i]! });
    for (let j = start; j < endB; j++) changes.push({ kind: 'added', block: after[j]! });
  } else {
    // lengths[i][j]: the longest common subsequence of a[start+i..endA) and b[start+j..endB).
    const lengths = Array.from({ length: rows + 1 }, () => new Uint32Array(columns + 1));
    for (let i = rows - 1; i >= 0; i--)
      for (let j = columns - 1; j >= 0; j--)
        lengths[i]![j] =
          a[start + i] === b[start + j]
            ? lengths[i + 1]![j + 1]! + 1
            : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < rows || j < columns) {
      if (i < rows && j < columns && a[start + i] === b[start + j]) {
        changes.push({ kind: 'unchanged', block: after[start + j]! });
        i++;
        j++;
      } else if (i < rows && (j === columns || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
        // Removals before additions, as a line diff shows them, whenever that keeps the longest match.
        changes.push({ kind: 'removed', block: before[start + i]! });
        i++;
      } else {
        changes.push({ kind: 'added', block: after[start + j]! });
        j++;
      }
    }
  }
  for (let j = endB; j < after.length; j++) changes.push({ kind: 'unchanged', block: after[j]! });
  return changes;
}

/**
 * The changes with each block edited in place shown as one: in a run of removals followed by
 * a run of additions (the order `diffBlocks` gives), the i-th removed and the i-th added
 * block become one 'changed' when they are of the same type (a paragraph reworded, a table
 * with one cell edited); the rest of either run stays removed or added.
 */
export function pairEdits(changes: readonly BlockChange[]): Array<BlockChange | BlockEdit> {
  const result: Array<BlockChange | BlockEdit> = [];
  let index = 0;
  while (index < changes.length) {
    const change = changes[index]!;
    if (change.kind !== 'removed') {
      result.push(change);
      index++;
      continue;
    }
    const removed: DocBlock[] = [];
    while (changes[index]?.kind === 'removed') removed.push(changes[index++]!.block);
    const added: DocBlock[] = [];
    while (changes[index]?.kind === 'added') added.push(changes[index++]!.block);
    const paired = Math.min(removed.length, added.length);
    const unpairedAdded: DocBlock[] = [];
    for (let i = 0; i < Math.max(removed.length, added.length); i++) {
      const before = removed[i];
      const after = added[i];
      if (i < paired && before!.type === after!.type)
        result.push({ kind: 'changed', before: before!, after: after! });
      else {
        if (before) result.push({ kind: 'removed', block: before });
        if (after) unpairedAdded.push(after);
      }
    }
    // Additions that found no pair come after the removals, as in a line diff.
    for (const block of unpairedAdded) result.push({ kind: 'added', block });
  }
  return result;
}
