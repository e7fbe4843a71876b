/**
 * How a person settles what an update from the space could not combine (issue 30): for a
 * page and a field the merge named, the change request's side, the space's side, or (for a
 * page's text) a text written by hand. A resolution is applied to the two sides before the
 * merge, so the merge itself never changes: taking one side makes the other side agree with
 * it, and a written text becomes both sides' text. Two sides that agree are no conflict
 * (rules 1 and 3-5 of `mergePages`), so what was resolved merges, and the merge still checks
 * the tree as a whole (a parent deleted, a cycle), which may name new conflicts.
 *
 * A resolution of a field that did not conflict decides it all the same (the side chosen
 * wins), and one naming a page neither side holds changes nothing.
 *
 * A space's variable both sides changed (field "spaceVariable", `page` the variable's name)
 * is settled the same way, by a side, on the two sides' variables (`variable-resolutions.ts`).
 */
import { z } from 'zod';
import { IdSchema } from '../../core/schemas';
import { SPACE_VARIABLE_FIELD } from '../reusable-contents/merge-variables';
import type { PageState } from '../revisions/page-state';

export const RESOLVABLE_FIELDS = [
  'page',
  'markdown',
  'title',
  'emoji',
  'icon',
  'description',
  'hidden',
  'variables',
  'type',
  'target',
  'cover',
  'parentId',
] as const;

export const MAX_RESOLUTIONS = 50;

export const ConflictResolutionSchema = z
  .strictObject({
    page: IdSchema.describe(
      'Id of the page, as the conflict names it (for "spaceVariable": the name of the variable)',
    ),
    field: z
      .enum([...RESOLVABLE_FIELDS, SPACE_VARIABLE_FIELD])
      .describe('The field of the conflict ("page": the page itself; "spaceVariable": a space\'s variable)'),
    side: z
      .enum(['changeRequest', 'space'])
      .optional()
      .describe("Whose version to keep: the change request's or the space's"),
    markdown: z
      .string()
      .max(512_000)
      .optional()
      .describe(
        'For field "markdown" only, instead of a side: the text to keep (at most 512,000 characters)',
      ),
  })
  .refine((resolution) => (resolution.side === undefined) !== (resolution.markdown === undefined), {
    message: 'Give either side or markdown',
    path: ['side'],
  })
  .refine((resolution) => resolution.markdown === undefined || resolution.field === 'markdown', {
    message: 'Only a markdown conflict takes a text',
    path: ['markdown'],
  })
  .meta({
    id: 'ChangeRequestConflictResolution',
    description: 'How one conflict of an update from the space is settled',
    examples: [{ page: 'a1b2c3d4e5', field: 'markdown', side: 'changeRequest' }],
  });

export type ConflictResolution = z.infer<typeof ConflictResolutionSchema>;

/** A resolution whose text has been read into the stored form (canonical markdown). */
export type ReadResolution = Omit<ConflictResolution, 'markdown'> & { markdown?: string };

type Pages = Map<string, PageState>;

/**
 * Applies resolutions to the change request's pages (`changeRequest`) and the space's
 * (`space`), in place, in the order given.
 */
export function applyResolutions(
  resolutions: readonly ReadResolution[],
  changeRequest: Pages,
  space: Pages,
): void {
  for (const resolution of resolutions) {
    if (resolution.field === SPACE_VARIABLE_FIELD) continue;
    if (resolution.markdown !== undefined) {
      for (const pages of [changeRequest, space]) {
        const page = pages.get(resolution.page);
        if (page) pages.set(page.id, { ...page, markdown: resolution.markdown });
      }
      continue;
    }
    const [kept, changed] = resolution.side === 'space' ? [space, changeRequest] : [changeRequest, space];
    takeField(resolution.page, resolution.field, kept, changed);
  }
}

/** Makes `changed`'s version of a page's field what `kept` holds. */
function takeField(
  pageId: string,
  field: (typeof RESOLVABLE_FIELDS)[number],
  kept: Pages,
  changed: Pages,
): void {
  const from = kept.get(pageId);
  const to = changed.get(pageId);
  if (field === 'page') {
    if (from) changed.set(pageId, from);
    else changed.delete(pageId);
    return;
  }
  if (!from || !to) return;
  if (field === 'parentId') {
    changed.set(pageId, { ...to, parentId: from.parentId, position: from.position });
    return;
  }
  const next: PageState = { ...to };
  if (from[field] === undefined) delete next[field];
  else Object.assign(next, { [field]: from[field] });
  changed.set(pageId, next);
}
