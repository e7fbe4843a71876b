/**
 * The URLs a revision embeds (its embed blocks, in pages and reusable contents): what a site
 * API token's visitor may have resolved into a card by fetching (`get-embed.ts`). A visitor's
 * token is handed to anyone who opens a public site; without this, each of them could make
 * the server fetch any public URL, as many as they liked.
 *
 * Gathered once per revision (a revision never changes) from the bodies' stored outlines, and
 * kept in a bounded cache weighed by the URLs it holds.
 */
import { BoundedCache } from '../../core/bounded-cache';
import type { DomainServices } from '../../core/context';
import { reusableContentsOf } from '../reusable-contents/revision-extras';
import { outlinesOf } from '../revisions/body-outlines';
import { pageIndexOf } from '../revisions/page-index';
import type { RevisionRecord } from '../revisions/records';

type Services = Pick<DomainServices, 'repos'>;

const kept = new BoundedCache<string, ReadonlySet<string>>({
  maxEntries: 256,
  maxWeight: 100_000,
  weigh: (urls) => urls.size + 1,
});

export async function embeddedUrlsOf(
  services: Services,
  revision: RevisionRecord,
): Promise<ReadonlySet<string>> {
  const known = kept.get(revision.id);
  if (known) return known;
  const [index, reusableContents] = await Promise.all([
    pageIndexOf(services, revision.tree),
    reusableContentsOf(services, revision),
  ]);
  const bodies = [...index.pages.values(), ...reusableContents.values()].flatMap((page) =>
    page.body ? [page.body] : [],
  );
  const urls = new Set<string>();
  for (const outline of (await outlinesOf(services, bodies)).values())
    for (const link of outline.links) if (link.kind === 'embed') urls.add(link.url);
  kept.set(revision.id, urls);
  return urls;
}
