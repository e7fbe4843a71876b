/** The three-way merge of one value (rule 3 of `mergePages`). */

export type ValueMerge<T> = { merged: true; value: T } | { merged: false };

/**
 * Only one side changed the value: that side's. Both changed it to the same value: that
 * value. Both changed it differently: not merged. `base` is undefined for a page that both
 * sides added, so any value a side set counts as a change.
 */
export function mergeValue<T>(base: T | undefined, ours: T, theirs: T): ValueMerge<T> {
  if (ours === theirs || theirs === base) return { merged: true, value: ours };
  if (ours === base) return { merged: true, value: theirs };
  return { merged: false };
}
