/**
 * The three-way merge of reusable contents and variables, beside the pages' (a change
 * request merged or updated, a batch made from an older revision):
 * 1. Reusable contents merge exactly as pages do (`mergeContent`): added, removed, renamed
 *    or edited on either side combine, bodies line by line; what cannot be combined is a
 *    conflict whose `field` is `reusableContent.<field>` and whose `pageId` is the reusable
 *    content's id.
 * 2. The space's variables merge name by name (`mergeVariables`): one side's change kept,
 *    theirs when both changed one.
 * 3. Nothing to merge when both sides hold what the base holds, or one side does: the other
 *    side's, by address.
 */
import type { DomainServices } from '../../core/context';
import { mergeContent } from '../revisions/merge-revisions';
import type { RevisionRecord } from '../revisions/records';
import { extrasOf, type RevisionExtras, sameExtras } from './revision-extras';
import { mergeVariables } from './variables';

export interface ExtrasConflict {
  pageId: string;
  field: string;
  reason: string;
}

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
): Promise<ExtrasMerge> {
  const theirsStored = 'spaceId' in theirs ? theirs : undefined;
  if (theirsStored && (sameExtras(base, theirsStored) || sameExtras(ours, theirsStored))) {
    return { result: 'merged', extras: undefined };
  }
  const [b, o, t] = await Promise.all([
    extrasOf(services, base),
    extrasOf(services, ours),
    theirsStored ? extrasOf(services, theirsStored) : (theirs as RevisionExtras),
  ]);
  if (theirsStored && sameExtras(base, ours)) return { result: 'merged', extras: t };
  return mergeExtras(services, b, o, t, now);
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
  if (merged.result === 'conflicts') {
    return {
      result: 'conflicts',
      conflicts: merged.conflicts.map(({ pageId, field, reason }) => ({
        pageId,
        field: `reusableContent.${field}`,
        reason,
      })),
    };
  }
  return {
    result: 'merged',
    extras: {
      reusableContents: merged.pages,
      variables: mergeVariables(base.variables, ours.variables, theirs.variables),
      bodies: merged.bodies,
    },
  };
}
