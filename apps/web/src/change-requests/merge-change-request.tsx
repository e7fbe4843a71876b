/**
 * Merging a change request: the button says whether it can be merged and, when a merge rule
 * blocks it, which one (`changeRequests.mergeStatus`), with the space's merge rules listed,
 * each met or not; merging asks first, saying what will change in the live content (the pages
 * added, changed and removed, by title) and that the rules are met; what cannot be merged
 * comes back as conflicts, to be settled by an update from the live content.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import type { RevisionChange } from './change-list';

type ChangeRequest = RouterOutputs['changeRequests']['get'];
type MergeRuleOutcome = RouterOutputs['changeRequests']['mergeStatus']['rules'][number];

/** What each merge rule asks, in a few words. */
const RULE_NAMES: Record<MergeRuleOutcome['rule'], string> = {
  approval: 'approvals',
  'requested-reviewers': 'requested reviewers approve',
  'up-to-date': 'up to date with the space',
  'required-reviewer': 'required reviewers approve',
};

const ruleLabel = (outcome: MergeRuleOutcome) => `Merge rule ${outcome.number} (${RULE_NAMES[outcome.rule]})`;

function MergeRules({ rules }: { rules: readonly MergeRuleOutcome[] }) {
  if (rules.length === 0) return null;
  return (
    <ul className="merge-rules" aria-label="Merge rules">
      {rules.map((outcome) => (
        <li key={outcome.number} className={outcome.satisfied ? 'merge-rule-met' : 'merge-rule-unmet'}>
          <span aria-hidden="true">{outcome.satisfied ? '✓' : '✗'}</span> {ruleLabel(outcome)}:{' '}
          {outcome.satisfied ? 'met' : 'not met'}. {outcome.message}
        </li>
      ))}
    </ul>
  );
}

/** The pages a merge brings, by kind of change, by title. */
export function mergeSummary(changes: readonly RevisionChange[]) {
  const titles = (type: RevisionChange['type']) =>
    changes.flatMap((change) =>
      change.type === type && 'page' in change ? [change.page.title || 'Untitled'] : [],
    );
  return {
    added: titles('page_created'),
    changed: [...new Set([...titles('page_edited'), ...titles('page_moved')])],
    removed: titles('page_deleted'),
  };
}

function Titles({ label, titles }: { label: string; titles: readonly string[] }) {
  if (titles.length === 0) return null;
  return (
    <>
      <p>
        {label} ({titles.length}):
      </p>
      <ul>
        {titles.map((title, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two pages may share a title
          <li key={index}>{title}</li>
        ))}
      </ul>
    </>
  );
}

export function MergeChangeRequest({
  changeRequest,
  changes,
}: {
  changeRequest: ChangeRequest;
  changes: readonly RevisionChange[] | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const path = { spaceId: changeRequest.space, changeRequestId: changeRequest.id };
  const status = useQuery(trpc.changeRequests.mergeStatus.queryOptions(path));
  const merge = useMutation(
    trpc.changeRequests.merge.mutationOptions({
      onSuccess: (result) => {
        setAsking(false);
        if (result.result !== 'conflicts') void queryClient.invalidateQueries();
      },
    }),
  );
  const conflicts = merge.data?.result === 'conflicts' ? (merge.data.conflicts ?? []) : [];
  const blockedBy = status.data?.mergeable === false ? status.data.blockedBy : undefined;
  const allowed = status.data?.permissions.merge !== false;
  const summary = mergeSummary(changes ?? []);
  const nothing = summary.added.length + summary.changed.length + summary.removed.length === 0;
  return (
    <div className="merge-change-request">
      <AlertDialog.Root
        open={asking}
        onOpenChange={(open) => {
          if (open) merge.reset();
          setAsking(open);
        }}
      >
        <AlertDialog.Trigger
          className="button button-primary"
          disabled={!status.data || blockedBy !== undefined || !allowed || merge.isPending}
          aria-describedby={blockedBy || !allowed ? 'merge-blocked' : undefined}
        >
          {merge.isPending ? 'Merging…' : 'Merge into the space'}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog merge-summary">
            <AlertDialog.Title>Merge change request #{changeRequest.number}?</AlertDialog.Title>
            <AlertDialog.Description className="muted">
              {nothing
                ? 'It changes no page: merging only marks it merged.'
                : 'These pages of the live content will change, for everyone reading it:'}
            </AlertDialog.Description>
            <Titles label="Added" titles={summary.added} />
            <Titles label="Changed" titles={summary.changed} />
            <Titles label="Removed" titles={summary.removed} />
            {(status.data?.rules.length ?? 0) > 0 && (
              <p>Every merge rule of the space is met ({status.data!.rules.map(ruleLabel).join('; ')}).</p>
            )}
            <FormError error={merge.error} />
            <div className="dialog-actions">
              <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
              <button
                type="button"
                className="button button-primary"
                disabled={merge.isPending}
                onClick={() => merge.mutate(path)}
              >
                Merge
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      {(blockedBy || !allowed) && (
        <p id="merge-blocked" className="muted">
          {blockedBy
            ? `Cannot be merged yet: ${ruleLabel(blockedBy)} blocks it. ${blockedBy.message}.`
            : 'Your role cannot merge change requests.'}
        </p>
      )}
      <MergeRules rules={status.data?.rules ?? []} />
      {!asking && <FormError error={merge.error} />}
      {conflicts.length > 0 && (
        <div className="state state-error" role="alert">
          <p className="state-title">
            It cannot be merged: {conflicts.length === 1 ? 'an edit conflicts' : 'edits conflict'} with the
            live content. Update it from the live content to settle them.
          </p>
        </div>
      )}
    </div>
  );
}
