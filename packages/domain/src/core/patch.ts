/**
 * A PATCH body as a store update: a field left out changes nothing, `null` on a field that
 * may be cleared removes it, any other value is set. Where null is a value rather than a
 * removal (a default level of null, a default role of null meaning "guest"), the field is
 * simply not listed as clearable, and its null is set.
 */
export interface Patch<Update> {
  set: Update;
  unset: Array<keyof Update>;
}

export function patchOf<Update extends object>(
  fields: { [Key in keyof Update]?: Update[Key] | null },
  clearable: ReadonlyArray<keyof Update>,
): Patch<Update> {
  const set: Record<string, unknown> = {};
  const unset: Array<keyof Update> = [];
  for (const [key, value] of Object.entries(fields) as Array<[keyof Update & string, unknown]>) {
    if (value === undefined) continue;
    if (value === null && clearable.includes(key)) unset.push(key);
    else set[key] = value;
  }
  return { set: set as Update, unset };
}

/** True when a patch changes nothing (an empty PATCH body). */
export const isEmptyPatch = (patch: Patch<object>): boolean =>
  Object.keys(patch.set).length === 0 && patch.unset.length === 0;
