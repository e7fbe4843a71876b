/**
 * Sends one edit of the page tree (a batch of the API's content changes) where it goes: live
 * on the space, into a change request, or into a new one made for it. The batch carries the
 * revision the tree on screen was read at, so the server merges it into what the target
 * became since, or refuses it with conflicts and writes nothing. A batch beyond the API's 50
 * changes (undoing the delete of a large section) goes as several, in order, the later ones
 * made from what the earlier ones wrote.
 */
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../api/app-router';
import type { useTRPCClient } from '../api/trpc';
import type { TreeTarget } from './tree-source';

export type ContentChange = inferRouterInputs<AppRouter>['spaces']['content']['update']['changes'][number];

/** The API's limit on one batch. */
export const MAX_BATCH = 50;

export interface SentChanges {
  /** Where the batch landed: live, or the change request (made for it, when the target was new). */
  landed: { kind: 'live' } | { kind: 'changeRequest'; id: string; number: number };
  /** The revision the batch made (of the space, or of the change request). */
  revision: string;
  /** The ids of the pages the batch made, in the order of its inserts. */
  created: string[];
}

type Client = ReturnType<typeof useTRPCClient>;

export async function sendPageChanges(
  client: Client,
  input: {
    spaceId: string;
    target: TreeTarget;
    /** The revision the tree on screen shows. */
    revision: string | undefined;
    changes: readonly ContentChange[];
    /** A change request's subject, when one is made for the edit. */
    subject: string;
  },
): Promise<SentChanges> {
  const { spaceId, target } = input;
  const batches: ContentChange[][] = [];
  for (let start = 0; start < input.changes.length; start += MAX_BATCH)
    batches.push(input.changes.slice(start, start + MAX_BATCH));
  const created: string[] = [];
  const createdOf = (changes: ReadonlyArray<{ object: string; page?: unknown }>) => {
    for (const change of changes)
      if (change.object === 'created_page' && typeof change.page === 'object' && change.page !== null)
        created.push((change.page as { id: string }).id);
  };
  let revision = '';
  if (target.kind === 'live') {
    for (const [index, changes] of batches.entries()) {
      const answer = await client.spaces.content.update.mutate({
        spaceId,
        changes,
        ...(index === 0 && input.revision !== undefined ? { revision: input.revision } : {}),
      });
      createdOf(answer.changes);
      revision = answer.revision;
    }
    return { landed: { kind: 'live' }, revision, created };
  }
  const changeRequestId =
    target.kind === 'changeRequest'
      ? target.id
      : (await client.changeRequests.create.mutate({ spaceId, subject: input.subject })).id;
  let number = 0;
  for (const [index, changes] of batches.entries()) {
    const answer = await client.changeRequests.content.update.mutate({
      spaceId,
      changeRequestId,
      changes,
      compat: false,
      ...(index === 0 && input.revision !== undefined ? { revision: input.revision } : {}),
    });
    if ('changes' in answer) {
      createdOf(answer.changes);
      ({ number, revision } = answer.changeRequest);
    } else ({ number, revision } = answer);
  }
  return { landed: { kind: 'changeRequest', id: changeRequestId, number }, revision, created };
}
