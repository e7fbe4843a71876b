/**
 * The `shareKey` the structure's lists accept (GitBook's: it makes the published URLs they
 * answer carry the key, for a share-link site's administrators to copy).
 */
import { notFound } from '../core/errors';
import type { SiteRecord } from './records';

/** The key when it is an active share link's of the site; absent, undefined; any other key, 404 'Share link'. */
export function activeShareKeyOf(
  site: Pick<SiteRecord, 'shareLinks'>,
  key: string | undefined,
): string | undefined {
  if (key === undefined) return undefined;
  if (!site.shareLinks.some((link) => link.active && link.key === key)) throw notFound('Share link');
  return key;
}
