/**
 * "Update from the live content": the live content's changes brought into a change request
 * (`changeRequests.updateFromSpace`). What cannot be combined comes back as conflicts, shown
 * per page with both versions side by side; each is settled by keeping the change request's
 * version, taking the live one, or (for a page's text) writing it, and the update is sent again
 * with those choices (`resolutions`). Nothing is written until every conflict is settled.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import type { AppRouter, RouterOutputs } from '../api/app-router';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';

type ChangeRequest = RouterOutputs['changeRequests']['get'];
type Conflict = { page: string; field: string; reason: string };
type Choice = { side: 'changeRequest' | 'space' } | { markdown: string };
type Resolution = NonNullable<
  inferRouterInputs<AppRouter>['changeRequests']['updateFromSpace']['resolutions']
>[number];

const FIELD_WORDS: Readonly<Record<string, string>> = {
  markdown: 'Text',
  title: 'Title',
  emoji: 'Emoji',
  icon: 'Icon',
  description: 'Description',
  hidden: 'Hidden from navigation',
  parentId: 'Place in the tree',
  page: 'The page itself',
  type: 'Type',
  target: 'Link target',
  variables: 'Variables',
  cover: 'Cover',
};

const REASON_WORDS: Readonly<Record<string, string>> = {
  'edited-both': 'changed on both sides',
  'deleted-and-edited': 'deleted on one side, changed on the other',
  'moved-both': 'moved to different places on both sides',
  'added-both': 'added on both sides',
  cycle: 'the two moves would put it inside itself',
  'parent-deleted': 'its parent was deleted on one side',
};

export function UpdateFromSpace({ changeRequest }: { changeRequest: ChangeRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.changeRequests.updateFromSpace.mutationOptions({
      onSuccess: (result) => {
        if (result.result !== 'conflicts') void queryClient.invalidateQueries();
      },
    }),
  );
  const path = { spaceId: changeRequest.space, changeRequestId: changeRequest.id };
  const conflicts = update.data?.result === 'conflicts' ? (update.data.conflicts ?? []) : [];
  const done = update.data?.result === 'update';
  return (
    <section className="update-from-space" aria-label="Update from the live content">
      {changeRequest.outdated && !done && (
        <p className="notice">
          The live content changed since this change request started.{' '}
          <button
            type="button"
            className="button"
            disabled={update.isPending}
            onClick={() => update.mutate(path)}
          >
            {update.isPending ? 'Updating…' : 'Update from the live content'}
          </button>
        </p>
      )}
      <div aria-live="polite">
        {done && <p className="editor-saved">Updated: the change request has the live content's changes.</p>}
      </div>
      <FormError error={update.error} />
      {conflicts.length > 0 && (
        <ConflictResolver
          key={JSON.stringify(conflicts)}
          changeRequest={changeRequest}
          conflicts={conflicts}
          pending={update.isPending}
          onResolve={(resolutions) => update.mutate({ ...path, resolutions })}
        />
      )}
    </section>
  );
}

function ConflictResolver({
  changeRequest,
  conflicts,
  pending,
  onResolve,
}: {
  changeRequest: ChangeRequest;
  conflicts: readonly Conflict[];
  pending: boolean;
  onResolve: (resolutions: Resolution[]) => void;
}) {
  const [choices, setChoices] = useState<ReadonlyMap<string, Choice>>(new Map());
  const keyOf = (conflict: Conflict) => `${conflict.page} ${conflict.field}`;
  const pages = [...new Set(conflicts.map((conflict) => conflict.page))];
  const settled = conflicts.every((conflict) => choices.has(keyOf(conflict)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onResolve(
      conflicts.map((conflict) => ({
        page: conflict.page,
        // The server names only fields it can settle.
        field: conflict.field as Resolution['field'],
        ...choices.get(keyOf(conflict))!,
      })),
    );
  };
  return (
    <form className="update-conflicts state state-error" onSubmit={submit} aria-labelledby="conflicts-title">
      <p className="state-title" id="conflicts-title" role="alert">
        {conflicts.length === 1 ? '1 conflict' : `${conflicts.length} conflicts`} with the live content:
        choose what to keep
      </p>
      {pages.map((pageId) => (
        <PageConflicts
          key={pageId}
          changeRequest={changeRequest}
          pageId={pageId}
          conflicts={conflicts.filter((conflict) => conflict.page === pageId)}
          choices={choices}
          keyOf={keyOf}
          choose={(conflict, choice) => setChoices((before) => new Map(before).set(keyOf(conflict), choice))}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={!settled || pending}>
        {pending ? 'Updating…' : 'Update with these choices'}
      </button>
    </form>
  );
}

type PageRead = RouterOutputs['spaces']['content']['page']['get'];

/** A field's value in words, on one side. */
function fieldText(page: PageRead | undefined, field: string): string {
  if (!page) return '(the page is deleted here)';
  if (field === 'page') return 'The page, with its changes';
  if (field === 'markdown') return page.markdown ?? '';
  if (field === 'parentId') return 'Moved here';
  const value = (page as unknown as Record<string, unknown>)[field];
  if (value === undefined || value === '') return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function PageConflicts({
  changeRequest,
  pageId,
  conflicts,
  choices,
  keyOf,
  choose,
}: {
  changeRequest: ChangeRequest;
  pageId: string;
  conflicts: readonly Conflict[];
  choices: ReadonlyMap<string, Choice>;
  keyOf: (conflict: Conflict) => string;
  choose: (conflict: Conflict, choice: Choice) => void;
}) {
  const trpc = useTRPC();
  const read = { spaceId: changeRequest.space, pageId, format: 'markdown' as const };
  const ours = useQuery({
    ...trpc.spaces.content.page.get.queryOptions({ ...read, changeRequestId: changeRequest.id }),
    retry: false,
  });
  const live = useQuery({ ...trpc.spaces.content.page.get.queryOptions(read), retry: false });
  const title = ours.data?.title || live.data?.title || 'A page';
  return (
    <section className="update-conflict" aria-label={`Conflicts on ${title}`}>
      <h3>{title}</h3>
      {conflicts.map((conflict) => {
        const choice = choices.get(keyOf(conflict));
        const name = `${conflict.page}-${conflict.field}`;
        const written = choice && 'markdown' in choice;
        return (
          <fieldset key={conflict.field}>
            <legend>
              {FIELD_WORDS[conflict.field] ?? conflict.field}:{' '}
              {REASON_WORDS[conflict.reason] ?? conflict.reason}
            </legend>
            <div className="update-conflict-sides">
              <div className="update-conflict-side">
                <strong>This change request</strong>
                <pre>{fieldText(ours.data, conflict.field)}</pre>
              </div>
              <div className="update-conflict-side">
                <strong>Live content</strong>
                <pre>{fieldText(live.data, conflict.field)}</pre>
              </div>
            </div>
            <label>
              <input
                type="radio"
                name={name}
                checked={choice !== undefined && 'side' in choice && choice.side === 'changeRequest'}
                onChange={() => choose(conflict, { side: 'changeRequest' })}
              />{' '}
              Keep this change request's
            </label>
            <label>
              <input
                type="radio"
                name={name}
                checked={choice !== undefined && 'side' in choice && choice.side === 'space'}
                onChange={() => choose(conflict, { side: 'space' })}
              />{' '}
              Take the live content's
            </label>
            {conflict.field === 'markdown' && ours.data && live.data && (
              <label>
                <input
                  type="radio"
                  name={name}
                  checked={written === true}
                  onChange={() => choose(conflict, { markdown: ours.data.markdown ?? '' })}
                />{' '}
                Write it
              </label>
            )}
            {choice && 'markdown' in choice && (
              <label className="field">
                <span>Text of {title}</span>
                <textarea
                  value={choice.markdown}
                  onChange={(event) => choose(conflict, { markdown: event.target.value })}
                />
              </label>
            )}
          </fieldset>
        );
      })}
    </section>
  );
}
