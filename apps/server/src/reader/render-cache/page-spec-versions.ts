/**
 * The OpenAPI specs a rendered page shows, so its render key can name their versions (issue 29,
 * item 7). A page's OpenAPI blocks show the newest version of the organization's spec, which
 * changes without a new revision: a key naming only the revision would keep answering the old
 * operation after a spec is uploaded again. A revision is immutable, so which specs a page of
 * it names never changes: it is learnt when the page is first rendered and kept here; the key
 * then names each spec's newest version (or its absence), read on every request of such a page
 * only. A page whose specs are not known yet is rendered without reading the cache.
 */
import { BoundedCache } from '@quire/domain';

/** What a render read of a spec: its newest version, or none (missing, or not readable). */
export type SpecVersionSeen = { slug: string; version: string | undefined };

/** The spec slugs each page of a revision names, by `revision/page`. */
export type PageSpecSlugs = BoundedCache<string, readonly string[]>;

const byServices = new WeakMap<object, PageSpecSlugs>();

export function pageSpecSlugsOf(owner: object): PageSpecSlugs {
  let kept = byServices.get(owner);
  if (!kept) {
    kept = new BoundedCache<string, readonly string[]>({ maxEntries: 50_000 });
    byServices.set(owner, kept);
  }
  return kept;
}

/** The parts a render key adds for the specs a page shows: each slug with its version or `-`. */
export const specKeyParts = (seen: readonly SpecVersionSeen[]): string[] =>
  seen.map(({ slug, version }) => `openapi:${slug}@${version ?? '-'}`).sort();
