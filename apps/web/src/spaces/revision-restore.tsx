/**
 * Restoring from a revision of the history: the whole space, or one page, as they were after
 * that revision; live as a new revision (where the space takes live edits), or into a new
 * change request to review first. The whole space live is the API's restore
 * (`spaces.revisions.restore`: one new revision sharing that revision's content); into a
 * change request, and one page either way, are `revert_page` changes of the batch, made from
 * the revision the screen read the space at, so an edit made meanwhile is merged or shown
 * as a conflict, never overwritten unseen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { contentConflictsOf } from '../api/content-conflicts';
import { useTRPC, useTRPCClient } from '../api/trpc';
import type { TreePage } from '../content/page-tree-rows';
import { subtreeOf } from '../pages/page-places';
import { type ContentChange, type SentChanges, sendPageChanges } from '../pages/send-page-changes';

type Restored = { kind: 'live' } | SentChanges['landed'];

interface Restore {
  what: 'space' | 'page';
  into: 'live' | 'changeRequest';
}

/** Every page of a tree, flat. */
const allPages = (pages: readonly TreePage[]): TreePage[] => pages.flatMap((page) => subtreeOf(page));

export function RevisionRestore({
  organizationId,
  spaceId,
  revisionId,
}: {
  organizationId: string;
  spaceId: string;
  revisionId: string;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const pickerId = useId();
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const then = useQuery(trpc.spaces.content.pages.list.queryOptions({ spaceId, revisionId }));
  const [pageId, setPageId] = useState('');
  const thenPages = allPages((then.data?.pages ?? []) as TreePage[]);
  const chosen = thenPages.find((page) => page.id === pageId) ?? thenPages[0];

  const restore = useMutation({
    mutationFn: async ({ what, into }: Restore): Promise<Restored> => {
      const base = space.data?.revision;
      if (what === 'space' && into === 'live') {
        await client.spaces.revisions.restore.mutate({ spaceId, revisionId });
        return { kind: 'live' };
      }
      let ids: string[];
      if (what === 'page') {
        if (!chosen) throw new Error('Choose a page to restore.');
        ids = [chosen.id];
      } else {
        // Every page of either side: those added since go, those deleted since come back.
        const now = await client.spaces.content.pages.list.query({
          spaceId,
          ...(base !== undefined ? { revisionId: base } : {}),
        });
        ids = [...new Set([...thenPages, ...allPages(now.pages as TreePage[])].map((page) => page.id))];
      }
      const changes: ContentChange[] = ids.map((id) => ({
        operation: 'revert_page',
        page: id,
        revision: revisionId,
      }));
      const sent = await sendPageChanges(client, {
        spaceId,
        target: into === 'live' ? { kind: 'live' } : { kind: 'new' },
        revision: base,
        changes,
        subject:
          what === 'page'
            ? `Restore ${chosen?.title || 'a page'} to an earlier revision`
            : 'Restore the space to an earlier revision',
      });
      return sent.landed;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });

  const canEdit = space.data?.permissions?.edit === true;
  if (!canEdit) return null;
  const live = space.data?.editMode === 'live';
  const conflicts = contentConflictsOf(restore.error);
  const busy = restore.isPending;
  return (
    <section className="revision-restore" aria-label="Restore from this revision">
      <h3>Restore</h3>
      <div className="revision-restore-row">
        <span>The whole space as it was after this revision</span>
        {live && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => restore.mutate({ what: 'space', into: 'live' })}
          >
            Restore the space
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => restore.mutate({ what: 'space', into: 'changeRequest' })}
        >
          Restore the space into a change request
        </button>
      </div>
      {thenPages.length > 0 && (
        <div className="revision-restore-row">
          <label htmlFor={pickerId}>One page</label>
          <select id={pickerId} value={chosen?.id ?? ''} onChange={(event) => setPageId(event.target.value)}>
            {thenPages.map((page) => (
              <option key={page.id} value={page.id}>
                {page.title || 'Untitled'}
              </option>
            ))}
          </select>
          {live && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => restore.mutate({ what: 'page', into: 'live' })}
            >
              Restore the page
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => restore.mutate({ what: 'page', into: 'changeRequest' })}
          >
            Restore the page into a change request
          </button>
        </div>
      )}
      <div aria-live="polite">
        {restore.isSuccess &&
          (restore.data.kind === 'changeRequest' ? (
            <p className="notice">
              Restored into{' '}
              <Link
                to="/o/$organizationId/s/$spaceId/~/changes/$number"
                params={{ organizationId, spaceId, number: String(restore.data.number) }}
              >
                change request #{restore.data.number}
              </Link>
              , to review before merging.
            </p>
          ) : (
            <p className="notice">Restored, as a new revision.</p>
          ))}
      </div>
      {restore.isError && (
        <div className="form-error" role="alert">
          <p>Not restored: {apiErrorOf(restore.error).message}</p>
          {conflicts.length > 0 && (
            <ul>
              {conflicts.map((conflict) => (
                <li key={`${conflict.page}-${conflict.field}`}>
                  {thenPages.find((page) => page.id === conflict.page)?.title ?? conflict.page}:{' '}
                  {conflict.field} ({conflict.reason})
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
