import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeCommentScope } from '../../policies/authorize-comment';
import { CommentFormatSchema } from '../comment-body';
import { COMMENT_EVENT_TYPES, type CommentEvent } from '../comment-events';
import { commentScopeShape } from './params';

export const WatchCommentsInputSchema = z.strictObject({
  ...commentScopeShape,
  /** How the comments that events bring show their bodies. */
  format: CommentFormatSchema,
});

export const CommentWatchSchema = z.object({
  spaceId: z.string(),
  changeRequestId: z.string().nullable(),
});
export type CommentWatch = z.infer<typeof CommentWatchSchema>;

/** Whether `event` is about a comment of the watched scope. */
export function watchSees(watch: CommentWatch, event: { type: string }): event is CommentEvent {
  if (!(COMMENT_EVENT_TYPES as readonly string[]).includes(event.type)) return false;
  const comment = event as CommentEvent;
  return comment.spaceId === watch.spaceId && comment.changeRequestId === watch.changeRequestId;
}

/**
 * Admits a caller to the live comments of a space, or of one of its change requests: the
 * caller must see the comments (`view` on the space), as listing them needs. Faces with live
 * views (the tRPC face's `live.comments`) run it when a viewer subscribes and again before
 * each event they pass on, so a viewer who lost access hears nothing more. It is not part
 * of the registry's tree: REST and GraphQL have no live views. Outcomes: the scope, with the
 * change request resolved to its id; a space or change request that does not exist or is
 * hidden from the caller, 404.
 */
export const watchComments = operation({
  name: 'spaces.comments.watch',
  kind: 'query',
  summary: 'Follow the comments of a space or change request as they change',
  input: WatchCommentsInputSchema,
  output: CommentWatchSchema,
  async run(ctx, input): Promise<CommentWatch> {
    const scope = await authorizeCommentScope(ctx, input, 'view');
    return { spaceId: scope.space.id, changeRequestId: scope.changeRequest?.id ?? null };
  },
});
