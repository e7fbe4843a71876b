/** The routes that resolve URLs (GitBook's `urls` tag): a published URL for its visitor, an address of Quire for a user. */
import { publishingOperations } from '@quire/domain';
import { siteCacheTag, spaceCacheTag, urlCacheTag } from '../../../http/cache-tags';
import { type RestRoute, route } from '../route';

const { urls } = publishingOperations;

export const urlLookupRoutes: readonly RestRoute[] = [
  {
    ...route('POST', '/v1/urls/published', urls.published),
    cacheTags: publishedLookupCacheTags,
  },
  route('GET', '/v1/urls/content', urls.content),
];

/**
 * The lookup's answer depends on its URL, its site and its space: a renderer forgets it when
 * any of them changes (an external redirect names its URL's host only).
 */
function publishedLookupCacheTags(input: unknown, output: unknown): string[] {
  const { url } = input as { url: string };
  const answer = output as { site?: string; space?: string; target?: string };
  const hostname = hostnameOf(url);
  if (hostname === undefined) return [];
  const tags = [urlCacheTag(hostname)];
  if (answer.target !== undefined) return tags;
  if (answer.site !== undefined) tags.push(siteCacheTag(answer.site));
  if (answer.space !== undefined) tags.push(spaceCacheTag(answer.space));
  return tags;
}

/** Hostnames by URL text: a renderer asks the same URLs again, and parsing one is most of the tags' cost. */
const hostnames = new Map<string, string | undefined>();
const MAX_HOSTNAMES = 1000;

function hostnameOf(url: string): string | undefined {
  if (hostnames.has(url)) return hostnames.get(url);
  let hostname: string | undefined;
  try {
    hostname = new URL(url).hostname;
  } catch {
    hostname = undefined;
  }
  if (hostnames.size >= MAX_HOSTNAMES) hostnames.clear();
  hostnames.set(url, hostname);
  return hostname;
}
