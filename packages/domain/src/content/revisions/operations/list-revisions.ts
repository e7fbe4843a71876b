import { z } from 'zod';
import { operation } from '../../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../../core/paging';
import { TimestampSchema } from '../../../core/schemas';
import { peopleSeenIn, UserSchema } from '../../../identity';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';
import { RevisionTypeSchema } from '../revision-schema';
import { spaceHead } from '../revision-writer';
import { spaceLine } from '../space-line';

const RevisionEntrySchema = z
  .object({
    object: z.literal('revision').describe('Always "revision"'),
    id: z.string().describe('Id of the revision'),
    parents: z.array(z.string()).describe('Revisions it was made from'),
    type: RevisionTypeSchema,
    createdAt: TimestampSchema.describe('When it was made'),
    /** Who made it (the User schema as is: one GraphQL type for every embedded user). */
    createdBy: UserSchema,
    changeRequest: z.string().optional().describe('The change request it belongs to or merged'),
  })
  .meta({ id: 'RevisionHistoryEntry', description: "One revision of a space's history" });

/**
 * The history of a space the caller can view: the revisions its content went through,
 * newest first, with who made each and why (edits, a merge). Beyond GitBook's interface;
 * the web app shows it. It is the line from the space's head back through each revision's
 * first parent: a change request's own revisions, and revisions written by an edit that
 * lost a race or a crash before the space moved, are not in it. A page walks the line one
 * revision at a time (`limit` point reads); `count` is the head's depth. Outcomes: a space
 * the caller cannot view, 404.
 */
export const listRevisions = operation({
  name: 'spaces.revisions.list',
  kind: 'query',
  summary: 'List the revisions of a space, newest first',
  input: z.strictObject({ spaceId: SpaceIdParam, ...pagingShape }),
  output: pageSchemaOf(RevisionEntrySchema),
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    const page = pageRequest(input);
    const head = await spaceHead(ctx, space);
    const slice = await spaceLine(ctx, space.id, head, page);
    const count = head.depth + 1;
    const userOf = await peopleSeenIn(
      ctx,
      space.organizationId,
      slice.items.map((revision) => revision.createdBy),
    );
    return toPage(slice, count, (revision) => ({
      object: 'revision' as const,
      id: revision.id,
      parents: revision.parents,
      type: revision.kind === 'initial' ? ('edits' as const) : revision.kind,
      createdAt: revision.createdAt,
      createdBy: userOf(revision.createdBy),
      ...(revision.changeRequestId !== undefined ? { changeRequest: revision.changeRequestId } : {}),
    }));
  },
});
