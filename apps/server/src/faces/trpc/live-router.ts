/**
 * The live views of the web app: subscriptions over server-sent events (tRPC's
 * `httpSubscriptionLink`), fed by the server's event bus.
 *
 * `live.comments` follows the comments of a space or of one of its change requests. The
 * caller is admitted as listing those comments would be (`watchComments`), and checked
 * again before each event is passed on (reading the comment as the viewer checks the same
 * access), so someone whose access was taken away hears nothing more (the view ends with
 * not found). Each event brings the comment as the viewer would get
 * it (`spaces.comments.get`, with the viewer's permissions), or null once it was deleted.
 * Events are `tracked` with their id; a client that reconnects reloads the comments rather
 * than replay what it missed (the bus keeps no history for it).
 */
import {
  type Comment,
  type CommentEvent,
  type CommentEventType,
  type CommentWatch,
  executeOperation,
  isDomainError,
  operations,
  watchComments,
  watchSees,
} from '@quire/domain';
import { tracked } from '@trpc/server';
import { storeRefusalOf } from '../../http/store-refusal';
import { runOperation } from '../run-operation';
import { type TrpcContext, t, toTrpcError } from './trpc-init';

/** What a viewer of the comments receives for each event. */
export interface LiveCommentEvent {
  type: CommentEventType;
  at: string;
  /** Who did it. */
  actorId: string | null;
  commentId: string;
  commentReplyId?: string;
  /** The comment as the viewer sees it now; null when it was deleted. */
  comment: Comment | null;
}

const rawInput = (input: unknown) => input;

/** Runs `work` with the domain's errors as tRPC's (the store's refusals as 'unavailable'). */
async function asTrpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refusal = storeRefusalOf(error) ?? error;
    if (isDomainError(refusal)) throw toTrpcError(refusal);
    throw refusal;
  }
}

/**
 * The comment of an event as the viewer gets it, or null once it was deleted. Reading it
 * checks the viewer's access to the space as the admission does; only when there is nothing
 * to read (deleted, or hidden from the viewer now) is the admission run again, to tell the
 * two apart: a viewer who lost access gets not found, which ends the view.
 */
async function commentFor(ctx: TrpcContext, event: CommentEvent, input: unknown): Promise<Comment | null> {
  const { format } = input as { format?: unknown };
  if (event.type !== 'comment.deleted') {
    try {
      return (await executeOperation(operations.spaces.comments.get, ctx.access.ctx, {
        spaceId: event.spaceId,
        ...(event.changeRequestId === null ? {} : { changeRequestId: event.changeRequestId }),
        commentId: event.commentId,
        ...(format === undefined ? {} : { format }),
      })) as Comment;
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'not_found') throw error;
    }
  }
  await executeOperation(watchComments, ctx.access.ctx, input);
  return null;
}

export const liveRouter = t.router({
  comments: t.procedure.input(rawInput).subscription(async function* ({ ctx, input, signal }) {
    // Charged once, validated and authorized as any operation (401, 400 naming the field, 404).
    const watch = (await asTrpc(() => runOperation(watchComments, ctx.access, input))) as CommentWatch;
    const userId = ctx.access.ctx.caller?.userId ?? '';
    const release = await asTrpc(async () => ctx.live.hold(userId));
    try {
      for await (const event of ctx.live.events(signal, (candidate) => watchSees(watch, candidate))) {
        const seen = event as CommentEvent;
        const comment = await asTrpc(() => commentFor(ctx, seen, input));
        const data: LiveCommentEvent = {
          type: seen.type,
          at: seen.at,
          actorId: seen.actorId,
          commentId: seen.commentId,
          ...(seen.commentReplyId === undefined ? {} : { commentReplyId: seen.commentReplyId }),
          comment,
        };
        yield tracked(seen.id, data);
      }
    } catch (error) {
      // A view that fell behind ends with the domain's error, as tRPC reports any other.
      if (isDomainError(error)) throw toTrpcError(error);
      throw error;
    } finally {
      release();
    }
  }),
});
