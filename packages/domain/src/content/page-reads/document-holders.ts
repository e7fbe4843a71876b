/**
 * Which documents a space holds, for `GET SPACE/documents/{documentId}`. A document id is the
 * address of a body (the SHA-256 of its text: a page's, a reusable content's), and bodies are
 * stored once for every space that has the same text, so an address alone says nothing of
 * who may read it: a document is served in a space only when that space's content holds it.
 *
 * Rules:
 * 1. The space's current content holds the bodies of its pages and of its reusable contents.
 * 2. So does the head of each of its change requests still in progress (open or draft, the
 *    newest `CHANGE_REQUESTS_LOOKED_AT` of each), which a renderer previewing one reads;
 *    not for a site API token's visitor, who reads live content only (`core/site-token-gate.ts`).
 * 3. Older revisions are not looked at: a renderer reads a past revision's pages through
 *    the page-document route, which names the revision.
 * The bodies of one tree are collected once per page index (kept per tree address).
 */
import { callerOf, type OperationContext } from '../../core/context';
import { reusableContentsOf } from '../reusable-contents/revision-extras';
import { findRevision } from '../revisions/first-revision';
import { type PageIndex, pageIndexOf } from '../revisions/page-index';
import type { RevisionRecord } from '../revisions/records';
import { spaceHead } from '../revisions/revision-writer';
import type { SpaceRecord } from '../spaces/records';

/** Change requests of each status looked at (rule 2), newest first. */
export const CHANGE_REQUESTS_LOOKED_AT = 25;

const bodiesOfIndex = new WeakMap<PageIndex, ReadonlySet<string>>();

function bodiesOf(index: PageIndex): ReadonlySet<string> {
  let bodies = bodiesOfIndex.get(index);
  if (!bodies) {
    bodies = new Set([...index.pages.values()].map((page) => page.body));
    bodiesOfIndex.set(index, bodies);
  }
  return bodies;
}

/** Whether revision `revision` holds the body at `address` (a page's or a reusable content's). */
async function revisionHolds(ctx: OperationContext, revision: RevisionRecord, address: string) {
  if (bodiesOf(await pageIndexOf(ctx, revision.tree)).has(address)) return true;
  for (const content of (await reusableContentsOf(ctx, revision)).values())
    if (content.body === address) return true;
  return false;
}

/** Whether `space` holds the document `address` (rules 1 and 2). */
export async function spaceHoldsDocument(
  ctx: OperationContext,
  space: SpaceRecord,
  address: string,
): Promise<boolean> {
  if (await revisionHolds(ctx, await spaceHead(ctx, space), address)) return true;
  if (callerOf(ctx).site !== undefined) return false;
  for (const status of ['open', 'draft'] as const) {
    const { items } = await ctx.repos.changeRequests.list(
      space.id,
      { status },
      { limit: CHANGE_REQUESTS_LOOKED_AT },
    );
    for (const changeRequest of items) {
      const revision = await findRevision(ctx, space, changeRequest.revision);
      if (revision && (await revisionHolds(ctx, revision, address))) return true;
    }
  }
  return false;
}
