/**
 * Resolutions of a space's variables (field "spaceVariable", `page` the variable's name),
 * applied to the change request's and the space's variables before they merge, as page
 * fields' are (`conflict-resolutions.ts`): the side kept gives its value to the other side
 * (or its absence, for a variable it removed), so the two agree and the merge keeps it.
 */
import { SPACE_VARIABLE_FIELD } from '../reusable-contents/merge-variables';
import type { VariableValues } from '../revisions/records';
import type { ReadResolution } from './conflict-resolutions';

export function settledVariables(
  resolutions: readonly ReadResolution[],
  changeRequest: VariableValues,
  space: VariableValues,
): { changeRequest: VariableValues; space: VariableValues } {
  const sides = { changeRequest: { ...changeRequest }, space: { ...space } };
  for (const { field, page: name, side } of resolutions) {
    if (field !== SPACE_VARIABLE_FIELD || side === undefined) continue;
    const [kept, changed] =
      side === 'space' ? [sides.space, sides.changeRequest] : [sides.changeRequest, sides.space];
    const value = Object.hasOwn(kept, name) ? kept[name] : undefined;
    if (value === undefined) delete changed[name];
    else changed[name] = value;
  }
  return sides;
}

/** Whether any resolution names a space's variable (the merge then settles them first). */
export const settlesVariables = (resolutions: readonly ReadResolution[]): boolean =>
  resolutions.some((resolution) => resolution.field === SPACE_VARIABLE_FIELD);
