/**
 * The comments on a page (or on a change request): oldest first, each with its author, its
 * body, its reactions, resolving and reopening, and its replies (loaded when opened).
 * Resolved comments stay listed, folded, so a discussion is never lost from view. Whatever
 * anyone changes shows at once for everyone viewing: each event of `live.comments` reloads
 * the comments (and a reconnection does too, since events missed meanwhile are not replayed).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useRef, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { useSession } from '../session/session-queries';
import { initialsOf } from '../session/user-menu';
import { FormError } from '../ui/form-error';
import { Empty, ErrorNotice, Loading, QueryState } from '../ui/states';
import { CommentForm } from './comment-form';
import { CommentMarkdown } from './comment-markdown';
import { postedAt } from './comment-time';
import { Reactions } from './reactions';

type Comment = RouterOutputs['spaces']['comments']['list']['items'][number];
type Reply = RouterOutputs['spaces']['comments']['replies']['list']['items'][number];

interface Scope {
  spaceId: string;
  changeRequestId?: string;
}

export function CommentsPanel({ spaceId, changeRequestId, pageId }: Scope & { pageId?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope: Scope = changeRequestId === undefined ? { spaceId } : { spaceId, changeRequestId };
  const comments = useQuery(
    trpc.spaces.comments.list.queryOptions({
      ...scope,
      ...(pageId !== undefined ? { targetPage: pageId } : {}),
      order: 'asc',
      status: 'all',
      limit: 100,
    }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.spaces.comments.pathKey() });
  const post = useMutation(trpc.spaces.comments.post.mutationOptions({ onSuccess: refresh }));
  // The first start follows the first load; a later one is a reconnection, after a gap.
  const started = useRef(false);
  useSubscription(
    trpc.live.comments.subscriptionOptions(scope, {
      onStarted: () => {
        if (started.current) void refresh();
        started.current = true;
      },
      onData: () => void refresh(),
    }),
  );
  const open = comments.data?.items.filter((comment) => comment.status === 'open').length ?? 0;

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Comments {comments.data && <span className="muted">({open} open)</span>}</h2>
      <QueryState
        query={comments}
        loading="Loading comments…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No comments yet" />}
      >
        {(data) => (
          <ol className="comment-list">
            {data.items.map((comment) => (
              <li key={comment.id}>
                <CommentCard comment={comment} scope={scope} onChanged={refresh} />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <CommentForm
        label="Add a comment"
        submitLabel="Comment"
        pending={post.isPending}
        error={post.error}
        onSubmit={(markdown) =>
          post.mutateAsync({
            ...scope,
            ...(pageId !== undefined ? { page: pageId } : {}),
            body: { markdown },
          })
        }
      />
    </section>
  );
}

function Author({ user, at, edited }: { user: { displayName: string }; at: string; edited?: boolean }) {
  return (
    <div className="comment-author">
      <span className="avatar avatar-small" aria-hidden="true">
        {initialsOf(user.displayName)}
      </span>
      <strong>{user.displayName}</strong>
      <time dateTime={at} className="muted">
        {postedAt(at)}
      </time>
      {edited && <span className="muted">(edited)</span>}
    </div>
  );
}

function CommentCard({
  comment,
  scope,
  onChanged,
}: {
  comment: Comment;
  scope: Scope;
  onChanged: () => unknown;
}) {
  const trpc = useTRPC();
  const userId = useSession()?.user.id;
  const [showReplies, setShowReplies] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const update = useMutation(trpc.spaces.comments.update.mutationOptions({ onSuccess: onChanged }));
  const resolved = comment.status === 'resolved';
  const folded = resolved && !unfolded;

  return (
    <article
      className={resolved ? 'comment comment-resolved' : 'comment'}
      aria-label={`Comment by ${comment.postedBy.displayName}`}
    >
      <Author user={comment.postedBy} at={comment.postedAt} edited={comment.editedAt !== undefined} />
      {resolved && (
        <p className="comment-status">
          Resolved{comment.resolvedBy ? ` by ${comment.resolvedBy.displayName}` : ''}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => setUnfolded(!unfolded)}
            aria-expanded={!folded}
          >
            {folded ? 'Show' : 'Hide'}
          </button>
        </p>
      )}
      {!folded && (
        <>
          <CommentMarkdown text={comment.body.markdown ?? ''} />
          <Reactions
            reactions={comment.reactions}
            userId={userId}
            canReact={comment.permissions.react}
            onChange={({ add, remove }) =>
              update.mutate({
                ...scope,
                commentId: comment.id,
                ...(add ? { addedReactions: [add] } : {}),
                ...(remove ? { removedReactions: [remove] } : {}),
              })
            }
          />
          <div className="comment-actions">
            <button
              type="button"
              className="link-button"
              aria-expanded={showReplies}
              onClick={() => setShowReplies(!showReplies)}
            >
              {comment.replies === 0
                ? 'Reply'
                : `${comment.replies} ${comment.replies === 1 ? 'reply' : 'replies'}`}
            </button>
            {comment.permissions.resolve && (
              <button
                type="button"
                className="link-button"
                disabled={update.isPending}
                onClick={() => update.mutate({ ...scope, commentId: comment.id, resolved: !resolved })}
              >
                {resolved ? 'Reopen' : 'Resolve'}
              </button>
            )}
          </div>
          <FormError error={update.error} />
          {showReplies && <Replies comment={comment} scope={scope} onChanged={onChanged} />}
        </>
      )}
    </article>
  );
}

function Replies({
  comment,
  scope,
  onChanged,
}: {
  comment: Comment;
  scope: Scope;
  onChanged: () => unknown;
}) {
  const trpc = useTRPC();
  const userId = useSession()?.user.id;
  const replies = useQuery(
    trpc.spaces.comments.replies.list.queryOptions({ ...scope, commentId: comment.id, limit: 100 }),
  );
  const post = useMutation(trpc.spaces.comments.replies.post.mutationOptions({ onSuccess: onChanged }));
  const update = useMutation(trpc.spaces.comments.replies.update.mutationOptions({ onSuccess: onChanged }));
  return (
    <div className="replies">
      {replies.isPending ? (
        <Loading label="Loading replies…" />
      ) : replies.error ? (
        <ErrorNotice error={replies.error} retry={() => void replies.refetch()} />
      ) : (
        <ol className="reply-list">
          {replies.data?.items.map((reply: Reply) => (
            <li key={reply.id} className="reply">
              <Author user={reply.postedBy} at={reply.postedAt} edited={reply.editedAt !== undefined} />
              <CommentMarkdown text={reply.body.markdown ?? ''} />
              <Reactions
                reactions={reply.reactions}
                userId={userId}
                canReact={reply.permissions.react}
                onChange={({ add, remove }) =>
                  update.mutate({
                    ...scope,
                    commentId: comment.id,
                    commentReplyId: reply.id,
                    ...(add ? { addedReactions: [add] } : {}),
                    ...(remove ? { removedReactions: [remove] } : {}),
                  })
                }
              />
            </li>
          ))}
        </ol>
      )}
      {comment.permissions.reply && (
        <CommentForm
          label="Reply"
          submitLabel="Reply"
          pending={post.isPending}
          error={post.error}
          onSubmit={(markdown) => post.mutateAsync({ ...scope, commentId: comment.id, body: { markdown } })}
        />
      )}
    </div>
  );
}
