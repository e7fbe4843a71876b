/**
 * A space's merge rules, on its change requests' screen (issue 30, item 3): the rules in
 * force (the space's own, its organization's, or none) for everyone who may see the space,
 * and for its administrators a form setting the space's own (approvals needed, every
 * requested reviewer's approval, up to date with the space) or going back to the
 * organization's. Required reviewers set through the API are kept as they are.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';

type MergeRules = RouterOutputs['spaces']['mergeRules']['get'];

const SOURCES: Record<MergeRules['source'], string> = {
  space: 'This space has merge rules of its own.',
  organization: "The organization's merge rules apply to this space.",
  none: 'No merge rule: a change request may be merged as soon as it is ready.',
};

/** What the rules ask, as a list of sentences. */
function ruleSentences(rules: MergeRules): string[] {
  const sentences: string[] = [];
  if (rules.minApprovals > 0) sentences.push(`At least ${rules.minApprovals} approval(s)`);
  if (rules.requireRequestedReviewers) sentences.push('Every requested reviewer approves');
  if (rules.requireUpToDate) sentences.push('Up to date with the space');
  if (rules.requiredReviewers.length > 0)
    sentences.push(`${rules.requiredReviewers.length} required reviewer(s) approve`);
  return sentences;
}

export function MergeRulesSettings({ spaceId, canAdmin }: { spaceId: string; canAdmin: boolean }) {
  const trpc = useTRPC();
  const rules = useQuery(trpc.spaces.mergeRules.get.queryOptions({ spaceId }));
  if (!rules.data) return null;
  return (
    <section className="merge-rules-settings" aria-labelledby="merge-rules-title">
      <h2 id="merge-rules-title">Merge rules</h2>
      <p className="muted">{SOURCES[rules.data.source]}</p>
      {ruleSentences(rules.data).length > 0 && (
        <ul>
          {ruleSentences(rules.data).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
      {canAdmin && (
        <MergeRulesForm
          key={rules.data.updatedAt ?? rules.data.source}
          spaceId={spaceId}
          rules={rules.data}
        />
      )}
    </section>
  );
}

function MergeRulesForm({ spaceId, rules }: { spaceId: string; rules: MergeRules }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const approvalsId = useId();
  const [minApprovals, setMinApprovals] = useState(String(rules.minApprovals));
  const [requireRequestedReviewers, setRequireRequestedReviewers] = useState(rules.requireRequestedReviewers);
  const [requireUpToDate, setRequireUpToDate] = useState(rules.requireUpToDate);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.spaces.mergeRules.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.changeRequests.mergeStatus.pathKey() }),
    ]);
  const save = useMutation(trpc.spaces.mergeRules.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.spaces.mergeRules.remove.mutationOptions({ onSuccess: refresh }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      spaceId,
      minApprovals: Number(minApprovals),
      requireRequestedReviewers,
      requireUpToDate,
      requiredReviewers: rules.requiredReviewers,
    });
  };
  return (
    <form className="form merge-rules-form" onSubmit={submit}>
      <label htmlFor={approvalsId}>Approvals needed</label>
      <input
        id={approvalsId}
        type="number"
        min={0}
        max={10}
        required
        value={minApprovals}
        onChange={(event) => setMinApprovals(event.target.value)}
      />
      <label>
        <input
          type="checkbox"
          checked={requireRequestedReviewers}
          onChange={(event) => setRequireRequestedReviewers(event.target.checked)}
        />{' '}
        Every requested reviewer approves
      </label>
      <label>
        <input
          type="checkbox"
          checked={requireUpToDate}
          onChange={(event) => setRequireUpToDate(event.target.checked)}
        />{' '}
        Up to date with the space
      </label>
      <FormError error={save.error ?? remove.error} />
      <div className="change-request-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the merge rules'}
        </button>
        {rules.source === 'space' && (
          <button
            type="button"
            className="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ spaceId })}
          >
            Use the organization's rules
          </button>
        )}
      </div>
    </form>
  );
}
