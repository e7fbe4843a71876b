/**
 * The three-way merge of a space's variables (the revision's `variables`), name by name: the
 * one rule for every merge that holds them (a change request merged into its space, one
 * updated from it, a batch made from an older revision), whichever side is "ours":
 * 1. A variable only one side changed (set, edited or removed): that side's.
 * 2. Both sides changed it to the same value (or both removed it): that value.
 * 3. Both changed it differently: a conflict naming the variable (`field` "spaceVariable",
 *    `pageId` its name), as a page field both sides changed is; nothing is chosen for the
 *    caller, so neither side's edit is lost. Reasons: "added-both" (the base had none),
 *    "deleted-and-edited" (one side removed it), else "edited-both".
 * 4. Merged variables past the bound of one map (`MAX_VARIABLES`) are too many: the merge
 *    is refused as a batch reaching them is, rather than storing what no edit may write.
 */
import type { VariableValues } from '../revisions/records';
import { MAX_VARIABLES, orderedVariables } from './variables';

/** The conflict's field: a space's variable (a page's variables are the page field "variables"). */
export const SPACE_VARIABLE_FIELD = 'spaceVariable';

export interface VariableConflict {
  /** The variable's name. */
  pageId: string;
  field: typeof SPACE_VARIABLE_FIELD;
  reason: 'edited-both' | 'added-both' | 'deleted-and-edited';
}

export type VariablesMerge =
  | { result: 'merged'; variables: VariableValues }
  | { result: 'conflicts'; conflicts: VariableConflict[] }
  | { result: 'too-many'; count: number };

export function mergeVariables(
  base: VariableValues,
  ours: VariableValues,
  theirs: VariableValues,
): VariablesMerge {
  const merged: Record<string, string | number | boolean> = {};
  const conflicts: VariableConflict[] = [];
  const names = [...new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])].sort();
  for (const name of names) {
    const [b, o, t] = [base[name], ours[name], theirs[name]];
    // Rules 1 and 2.
    const value = o === t || t === b ? o : o === b ? t : conflictOf(name, b, o, t, conflicts);
    if (value !== undefined) merged[name] = value;
  }
  if (conflicts.length > 0) return { result: 'conflicts', conflicts };
  const count = Object.keys(merged).length;
  if (count > MAX_VARIABLES) return { result: 'too-many', count };
  return { result: 'merged', variables: orderedVariables(merged) };
}

/** Rule 3: records the conflict; the merge answers no value for it. */
function conflictOf(
  name: string,
  base: unknown,
  ours: unknown,
  theirs: unknown,
  conflicts: VariableConflict[],
): undefined {
  const reason =
    base === undefined
      ? 'added-both'
      : ours === undefined || theirs === undefined
        ? 'deleted-and-edited'
        : 'edited-both';
  conflicts.push({ pageId: name, field: SPACE_VARIABLE_FIELD, reason });
  return undefined;
}
