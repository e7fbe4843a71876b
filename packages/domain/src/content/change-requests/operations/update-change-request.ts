import { z } from 'zod';
import { conflict, notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeChangeRequest } from '../../../policies/authorize-change-request';
import { peopleInSight } from '../../../policies/people-in-sight';
import {
  ChangeRequestDescriptionInputSchema,
  descriptionDocuments,
  storedDescription,
} from '../change-request-description';
import { ChangeRequestSubjectSchema, SettableChangeRequestStatusSchema } from '../change-request-fields';
import { changeRequestPeople } from '../change-request-people';
import { ChangeRequestSchema, presentChangeRequest } from '../change-request-schema';
import { patchRefusal } from '../patch-rules';
import type { ChangeRequestUpdate } from '../ports';
import { changeRequestPathShape } from './params';

export const UpdateChangeRequestInputSchema = z.strictObject({
  ...changeRequestPathShape,
  subject: ChangeRequestSubjectSchema.optional(),
  description: ChangeRequestDescriptionInputSchema.optional(),
  status: SettableChangeRequestStatusSchema.optional(),
});

/**
 * Renames a change request, describes it (GitBook's document; an empty one clears it) and/or moves it among draft, open and archived (the moves and what
 * a merged or archived change request refuses: `patch-rules.ts`); the space's counters follow
 * the move. Needs `update` on it: its author with edit on the space, anyone else with review.
 * A body that changes nothing (empty, or the values it has) returns it as it is. Outcomes: a
 * space or a change request that does not exist or is hidden from the caller, 404; a role
 * too low, 403; a change the rules refuse (any change to a merged one; anything but a reopen
 * of an archived one), 409 'conflict'; its status changed by someone else (a merge) between
 * the read and the write, 409 'conflict'. Archiving one whose pages people are typing into
 * together saves what they typed first, and tells their editors it takes no more edits.
 */
export const updateChangeRequest = operation({
  name: 'changeRequests.update',
  kind: 'mutation',
  summary: 'Update the subject, the description or the status of a change request',
  input: UpdateChangeRequestInputSchema,
  output: ChangeRequestSchema,
  async run(ctx, input) {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'update');
    const refusal = patchRefusal(changeRequest.status, input);
    if (refusal) throw conflict(refusal);
    const set: Pick<ChangeRequestUpdate, 'subject' | 'description' | 'status'> = {};
    if (input.subject !== undefined && input.subject !== changeRequest.subject) set.subject = input.subject;
    if (input.description !== undefined) {
      const description = await storedDescription(
        ctx,
        space.organizationId,
        input.description,
        peopleInSight(ctx, space),
      );
      if (description !== (changeRequest.description ?? '')) set.description = description;
    }
    if (input.status !== undefined && input.status !== changeRequest.status) set.status = input.status;
    // Archived, it takes no edits: what people are typing into its pages is saved first
    // (`live-edits.ts`), and they are told once it is archived.
    const place = { spaceId: space.id, changeRequestId: changeRequest.id };
    const archives = set.status === 'archived';
    if (archives) await ctx.liveEdits.settle(place);
    const updated =
      Object.keys(set).length === 0
        ? changeRequest
        : await ctx.repos.changeRequests.update(
            changeRequest.id,
            { status: changeRequest.status },
            set,
            ctx.clock.now().toISOString(),
          );
    if (!updated) {
      const now = await ctx.repos.changeRequests.findById(changeRequest.id);
      if (!now) throw notFound('Change request');
      throw conflict(`The change request became ${now.status} meanwhile: read it again and retry`);
    }
    if (archives) await ctx.liveEdits.ended(place, 'archived');
    return presentChangeRequest(ctx.urls, updated, {
      organizationId: space.organizationId,
      spaceRevisionId: space.revisionId ?? '',
      userOf: await changeRequestPeople(ctx, space.organizationId, [updated]),
      descriptionOf: await descriptionDocuments(ctx, [updated]),
    });
  },
});
