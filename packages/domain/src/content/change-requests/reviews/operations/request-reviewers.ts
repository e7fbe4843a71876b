import { z } from 'zod';
import { callerOf } from '../../../../core/context';
import { conflict, invalidInput, notFound } from '../../../../core/errors';
import { operation } from '../../../../core/operation';
import { IdSchema, roleAtLeast } from '../../../../core/schemas';
import { authorizeChangeRequest } from '../../../../policies/authorize-change-request';
import { CHANGE_REQUEST_RULES } from '../../../../policies/change-request-policy';
import { effectiveRolesFor } from '../../../../policies/content-access';
import { peopleInSight } from '../../../../policies/people-in-sight';
import { ChangeRequestDescriptionInputSchema, storedDescription } from '../../change-request-description';
import { ChangeRequestSubjectSchema } from '../../change-request-fields';
import { changeRequestPathShape } from '../../operations/params';
import { acceptsEdits } from '../../patch-rules';
import type { ChangeRequestUpdate } from '../../ports';
import { MAX_REQUESTED_REVIEWERS } from '../limits';
import { notify } from '../notifications';
import type { RequestedReviewerRecord } from '../records';
import { reviewPeople } from '../review-people';
import { presentRequestedReviewer, RequestedReviewerSchema } from '../review-schema';

export const RequestReviewersInputSchema = z.strictObject({
  ...changeRequestPathShape,
  users: z
    .array(IdSchema)
    .min(1)
    .max(MAX_REQUESTED_REVIEWERS)
    .describe(`Ids of the people to ask (1 to ${MAX_REQUESTED_REVIEWERS})`),
  subject: ChangeRequestSubjectSchema.optional().describe(
    'A new subject for the change request, set at once',
  ),
  description: ChangeRequestDescriptionInputSchema.optional(),
});

/**
 * Asks people to review a change request (asking someone again renews their request at the
 * current revision), and optionally renames and describes it (GitBook's `subject` and
 * `description` on the same call). Needs `requestReviewers` (its author with
 * edit, anyone else with review). Each person must be able to review it (rule 4 of the
 * change-request rules: a role on the space reaching comment) and not be its author: else
 * 400 naming `users.<i>`, and nobody is asked. Outcomes: 200 and the requests sent; a space
 * or change request the caller cannot see, 404; a role too low, 403; a change request
 * merged or archived, or one that would have more than 50 requested reviewers, 409; nothing
 * written on any refusal. The requests are written person by person (asking again is the
 * same, so a crash part-way is repaired by a retry), then the subject and description; those
 * of a change request whose status changed meanwhile are not set. A description that is no
 * document or too long is a 400 naming `description`, before anything is written. The cap of 50 is checked without a lock:
 * two requests at the same moment may pass it together.
 */
export const requestReviewers = operation({
  name: 'changeRequests.requestedReviewers.request',
  kind: 'mutation',
  summary: 'Ask people to review a change request',
  input: RequestReviewersInputSchema,
  output: z.object({ users: z.array(RequestedReviewerSchema).describe('The requests sent') }),
  async run(ctx, input) {
    const { space, changeRequest } = await authorizeChangeRequest(ctx, input, 'requestReviewers');
    if (!acceptsEdits(changeRequest.status)) throw conflict(`The change request is ${changeRequest.status}`);
    const description =
      input.description === undefined
        ? undefined
        : await storedDescription(ctx, space.organizationId, input.description, peopleInSight(ctx, space));
    const users = [...new Set(input.users)];
    const roles = await Promise.all(
      users.map(
        async (userId) => (await effectiveRolesFor(ctx, 'space', [space], userId)).get(space.id) ?? null,
      ),
    );
    const least = CHANGE_REQUEST_RULES.review.requestedRole ?? CHANGE_REQUEST_RULES.review.role;
    for (const [i, userId] of users.entries()) {
      const at = `users.${input.users.indexOf(userId)}`;
      if (userId === changeRequest.createdBy)
        throw invalidInput(at, 'the author cannot review their own change request');
      if (!roleAtLeast(roles[i], least))
        throw invalidInput(at, `not someone who may review this space (${least} or more)`);
    }
    const asked = await ctx.repos.changeRequestReviewers.listOf(
      changeRequest.id,
      MAX_REQUESTED_REVIEWERS + 1,
    );
    const already = new Set(asked.map((reviewer) => reviewer.userId));
    if (already.size + users.filter((userId) => !already.has(userId)).length > MAX_REQUESTED_REVIEWERS)
      throw conflict(`A change request has at most ${MAX_REQUESTED_REVIEWERS} requested reviewers`);
    const now = ctx.clock.now().toISOString();
    const requestedBy = callerOf(ctx).userId;
    const records: RequestedReviewerRecord[] = users.map((userId) => ({
      spaceId: space.id,
      changeRequestId: changeRequest.id,
      userId,
      requestedBy,
      revision: changeRequest.revision,
      createdAt: now,
    }));
    await ctx.repos.changeRequestReviewers.put(records);
    await notify(ctx, users, { space, actorId: requestedBy, changeRequest });
    const set: Pick<ChangeRequestUpdate, 'subject' | 'description'> = {};
    if (input.subject !== undefined && input.subject !== changeRequest.subject) set.subject = input.subject;
    if (description !== undefined && description !== (changeRequest.description ?? ''))
      set.description = description;
    if (Object.keys(set).length > 0) {
      const renamed = await ctx.repos.changeRequests.update(
        changeRequest.id,
        { status: changeRequest.status },
        set,
        now,
      );
      if (!renamed && !(await ctx.repos.changeRequests.findById(changeRequest.id)))
        throw notFound('Change request');
    }
    const userOf = await reviewPeople(ctx, space.organizationId, records);
    return { users: records.map((record) => presentRequestedReviewer(record, userOf)) };
  },
});
