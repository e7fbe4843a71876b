/**
 * The three-way merge of reusable contents and variables, beside the pages' (a change
 * request merged or updated, a batch made from an older revision):
 * 1. Reusable contents merge exactly as pages do (`mergeContent`): added, removed, renamed
 *    or edited on either side combine, bodies line by line; what cannot be combined is a
 *    conflict whose `field` is `reusableContent.<field>` and whose `pageId` is the reusable
 *    content's id.
 * 2. The space's variables merge name by name (`merge-variables.ts`): one side's change
 *    kept, both sides' different changes a conflict naming the variable, more than a map
 *    holds refused as a batch is (400 naming `variables`).
 * 3. Nothing to merge when both sides hold what the base holds, or one side does: the other
 *    side's, by address. Not when a person settles variables first (`settleVariables`): a
 *    resolution decides its variable even where nothing conflicted, as a page field's does.
 */
import type { DomainServices } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { mergeContent } from '../revisions/merge-revisions';
import type { RevisionRecord, VariableValues } from '../revisions/records';
import { mergeVariables } from './merge-variables';
import { extrasOf, type RevisionExtras, sameExtras } from './revision-extras';
import { MAX_VARIABLES } from './variables';

export interface ExtrasConflict {
  pageId: string;
  field: string;
  reason: string;
}

/** Changes ours' and theirs' variables before they are merged (a person's resolutions). */
export type SettleVariables = (
  ours: VariableValues,
  theirs: VariableValues,
) => { ours: VariableValues; theirs: VariableValues };

export type ExtrasMerge =
  | { result: 'merged'; extras: RevisionExtras | undefined }
  | { result: 'conflicts'; conflicts: ExtrasConflict[] };

/**
 * Merges the extras of three stored revisions; `theirsExtras` stands for theirs' when they
 * are not stored yet (a batch's). `extras` undefined: take ours' by address (rule 3).
 */
export async function mergeRevisionExtras(
  services: Pick<DomainServices, 'repos'>,
  base: RevisionRecord,
  ours: RevisionRecord,
  theirs: RevisionRecord | RevisionExtras,
  now: string,
  settleVariables?: SettleVariables,
): Promise<ExtrasMerge> {
  const theirsStored = 'spaceId' in theirs && !settleVariables ? theirs : undefined;
  if (theirsStored && (sameExtras(base, theirsStored) || sameExtras(ours, theirsStored))) {
    return { result: 'merged', extras: undefined };
  }
  const [b, o, t] = await Promise.all([
    extrasOf(services, base),
    extrasOf(services, ours),
    'spaceId' in theirs ? extrasOf(services, theirs) : theirs,
  ]);
  if (theirsStored && sameExtras(base, ours)) return { result: 'merged', extras: t };
  if (!settleVariables) return mergeExtras(services, b, o, t, now);
  const settled = settleVariables(o.variables, t.variables);
  return mergeExtras(
    services,
    b,
    { ...o, variables: settled.ours },
    { ...t, variables: settled.theirs },
    now,
  );
}

/** Rules 1 and 2 on extras already read. */
export async function mergeExtras(
  services: Pick<DomainServices, 'repos'>,
  base: RevisionExtras,
  ours: RevisionExtras,
  theirs: RevisionExtras,
  now: string,
): Promise<ExtrasMerge> {
  const side = (extras: RevisionExtras) => ({ index: { pages: extras.reusableContents }, files: [] });
  const merged = await mergeContent(
    services,
    side(base),
    side(ours),
    side(theirs),
    now,
    new Map([...(ours.bodies ?? []), ...(theirs.bodies ?? [])]),
  );
  const variables = mergeVariables(base.variables, ours.variables, theirs.variables);
  if (merged.result === 'conflicts' || variables.result === 'conflicts') {
    return {
      result: 'conflicts',
      conflicts: [
        ...(merged.result === 'conflicts'
          ? merged.conflicts.map(({ pageId, field, reason }) => ({
              pageId,
              field: `reusableContent.${field}`,
              reason,
            }))
          : []),
        ...(variables.result === 'conflicts' ? variables.conflicts : []),
      ],
    };
  }
  if (variables.result === 'too-many') {
    throw invalidInput(
      'variables',
      `at most ${MAX_VARIABLES} variables: the merged content would hold ${variables.count}`,
    );
  }
  return {
    result: 'merged',
    extras: { reusableContents: merged.pages, variables: variables.variables, bodies: merged.bodies },
  };
}
