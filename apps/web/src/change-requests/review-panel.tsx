/**
 * A change request's reviews (issue 30, item 3's API): who was asked to review it (ask
 * another member, or take a request back), the reviews given (approved or changes requested,
 * outdated once the content changed after them), and, for a reviewer, "Approve" and "Request
 * changes" with an optional comment. Buttons show only for what the caller's role allows
 * (`mergeStatus.permissions`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { postedAt } from '../comments/comment-time';
import { FormError } from '../ui/form-error';

type ChangeRequest = RouterOutputs['changeRequests']['get'];

const REVIEW_WORDS = { approved: 'approved', 'changes-requested': 'requested changes' } as const;

export function ReviewPanel({
  organizationId,
  changeRequest,
}: {
  organizationId: string;
  changeRequest: ChangeRequest;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pickerId = useId();
  const commentId = useId();
  const path = { spaceId: changeRequest.space, changeRequestId: changeRequest.id };
  const status = useQuery(trpc.changeRequests.mergeStatus.queryOptions(path));
  const requested = useQuery(trpc.changeRequests.requestedReviewers.list.queryOptions(path));
  const reviews = useQuery(trpc.changeRequests.reviews.list.queryOptions(path));
  const canRequest = status.data?.permissions.requestReviewers === true;
  const canReview = status.data?.permissions.review === true;
  const members = useQuery({
    ...trpc.orgs.members.list.queryOptions({ organizationId, limit: 1000 }),
    enabled: canRequest,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey() });
  const request = useMutation(
    trpc.changeRequests.requestedReviewers.request.mutationOptions({ onSuccess: refresh }),
  );
  const remove = useMutation(
    trpc.changeRequests.requestedReviewers.remove.mutationOptions({ onSuccess: refresh }),
  );
  const submit = useMutation(
    trpc.changeRequests.reviews.submit.mutationOptions({
      onSuccess: async () => {
        setComment('');
        await refresh();
      },
    }),
  );
  const [picked, setPicked] = useState('');
  const [comment, setComment] = useState('');
  const open = changeRequest.status === 'draft' || changeRequest.status === 'open';
  const asked = new Set((requested.data?.items ?? []).map((item) => item.user.id));
  const candidates = (members.data?.items ?? []).filter(
    (member) => !asked.has(member.user.id) && member.user.id !== changeRequest.createdBy.id,
  );
  const review = (verdict: 'approved' | 'changes-requested') =>
    submit.mutate({
      ...path,
      status: verdict,
      ...(comment.trim() ? { comment: { markdown: comment } } : {}),
    });

  return (
    <section className="review-panel" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      <h3>Requested reviewers</h3>
      {(requested.data?.items ?? []).length === 0 ? (
        <p className="muted">Nobody was asked to review it yet.</p>
      ) : (
        <ul>
          {requested.data!.items.map((item) => (
            <li key={item.user.id}>
              {item.user.displayName}{' '}
              {canRequest && open && (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Take back the request to ${item.user.displayName}`}
                  onClick={() => remove.mutate({ ...path, userId: item.user.id })}
                >
                  Take back
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRequest && open && candidates.length > 0 && (
        <div className="change-request-actions">
          <label htmlFor={pickerId}>Ask to review</label>
          <select id={pickerId} value={picked} onChange={(event) => setPicked(event.target.value)}>
            <option value="">Choose a member…</option>
            {candidates.map((member) => (
              <option key={member.user.id} value={member.user.id}>
                {member.user.displayName}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={picked === '' || request.isPending}
            onClick={() => request.mutate({ ...path, users: [picked] }, { onSuccess: () => setPicked('') })}
          >
            Request review
          </button>
        </div>
      )}
      <FormError error={request.error ?? remove.error} />
      <h3>Given</h3>
      {(reviews.data?.items ?? []).length === 0 ? (
        <p className="muted">No review yet.</p>
      ) : (
        <ul>
          {reviews.data!.items.map((item) => (
            <li key={item.id} className={item.outdated ? 'muted' : undefined}>
              <strong>{item.reviewer.displayName}</strong> {REVIEW_WORDS[item.status]} on{' '}
              {postedAt(item.createdAt)}
              {item.outdated ? ' (before the latest changes)' : ''}
              {item.comment && 'markdown' in item.comment.body && `: ${item.comment.body.markdown}`}
            </li>
          ))}
        </ul>
      )}
      {canReview && open && (
        <div className="review-form">
          <label htmlFor={commentId}>Comment (optional)</label>
          <textarea id={commentId} value={comment} onChange={(event) => setComment(event.target.value)} />
          <div className="change-request-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={submit.isPending}
              onClick={() => review('approved')}
            >
              Approve
            </button>
            <button
              type="button"
              className="button"
              disabled={submit.isPending}
              onClick={() => review('changes-requested')}
            >
              Request changes
            </button>
          </div>
          <FormError error={submit.error} />
        </div>
      )}
    </section>
  );
}
