/**
 * Which documents a space holds, for `GET SPACE/documents/{documentId}`. A document id is the
 * address of a body (the SHA-256 of its text: a page's, a reusable content's), and bodies are
 * stored once for every space that has the same text, so an address alone says nothing of
 * who may read it: a document is served in a space only when that space's content holds it.
 *
 * Rules:
 * 1. The space's current content holds the bodies of its pages and of its reusable contents.
 * 2. So do the reusable contents of the head of each of its change requests still in
 *    progress (open or draft, the newest `CHANGE_REQUESTS_LOOKED_AT` of each), which a
 *    renderer previewing one reads by id; not for a site API token's visitor, who reads live
 *    content only (`core/site-token-gate.ts`). Their pages are not looked at: a renderer reads
 *    a change request's pages through the page-document route, which names its revision, and
 *    an id no content holds must not make the server load dozens of page trees.
 * 3. Older revisions are not looked at, for the same reason.
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

/** Whether a reusable content of `revision` has the body at `address`. */
async function reusableContentHolds(ctx: OperationContext, revision: RevisionRecord, address: string) {
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
  const head = await spaceHead(ctx, space);
  if (bodiesOf(await pageIndexOf(ctx, head.tree)).has(address)) return true;
  if (await reusableContentHolds(ctx, head, address)) return true;
  if (callerOf(ctx).site !== undefined) return false;
  // Change requests whose reusable contents are the head's (or another's already looked at) are skipped.
  const seen = new Set([head.reusableContents]);
  for (const status of ['open', 'draft'] as const) {
    const { items } = await ctx.repos.changeRequests.list(
      space.id,
      { status },
      { limit: CHANGE_REQUESTS_LOOKED_AT },
    );
    const revisions = await Promise.all(items.map((item) => findRevision(ctx, space, item.revision)));
    for (const revision of revisions) {
      if (!revision || seen.has(revision.reusableContents)) continue;
      seen.add(revision.reusableContents);
      if (await reusableContentHolds(ctx, revision, address)) return true;
    }
  }
  return false;
}
