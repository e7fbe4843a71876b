/**
 * What a docs renderer may keep of a read, and under which names it forgets it (issue 28,
 * item 9). GitBook's renderer caches the API's answers and files them under the tags of the
 * `X-GitBook-Cache-Tag` header (comma-separated); when content changes, Quire calls the
 * renderer's revalidation endpoint with the same tags (`revalidation/`, the job `renderer.revalidate`), and every answer
 * filed under one of them is read again.
 *
 * The tags are GitBook's own names (`@quire/domain`'s `revalidation/cache-tags.ts`), taken
 * from the read's path: `space:<id>` for everything of a space, `space:<id>:change-request:<id>` for one of
 * its change requests, `site:<id>` for a site, `organization:<id>:openapi:<slug>` for an
 * OpenAPI specification. A route whose answer depends on more than its path (the published
 * URL lookup) names its tags from the answer (`RestRoute.cacheTags`).
 *
 * Caching: answers stay `no-store` for browsers and shared caches (they hold a caller's
 * data), but for reads of a revision, which never change: `private, max-age=<a week>,
 * immutable` (the revision's id is in the URL; a later one has another). GitBook's renderer
 * keeps what it read a day when the answer names no `max-age`, and drops it sooner on a
 * revalidation: that is what the tags are for.
 */

import { cacheTagsOfIds } from '@quire/domain';

export { siteCacheTag, spaceCacheTag, urlCacheTag } from '@quire/domain';

/** The header's name as GitBook's renderer reads it. */
export const CACHE_TAG_HEADER = 'x-gitbook-cache-tag';

/** The Cache-Control of an answer read from an immutable revision. */
export const IMMUTABLE_REVISION_CACHE = 'private, max-age=604800, immutable';

/**
 * The tags of a read from its input (the path's parameters, validated by the operation by
 * the time this runs): empty for reads of nothing a renderer shows (users, organizations,
 * members...).
 */
export const cacheTagsOfInput = (input: Readonly<Record<string, unknown>>): string[] => cacheTagsOfIds(input);
