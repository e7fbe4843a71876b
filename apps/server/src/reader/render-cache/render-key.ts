/**
 * The key of a rendered output (issue 29, item 7): everything the output depends on, so an
 * entry is never stale, only unused. A revision is immutable, so its id names the content
 * exactly; the site's version names its settings, structure and customization as the visitor
 * is shown them; the visitor's claims (signed and unsigned) and how they got in select the
 * sections and `if` blocks; the path and format name the output. `RENDERING` names the code:
 * bump it when a change of the reader changes outputs, so a CDN's copy under an old ETag is not
 * answered 304.
 */
import { createHash } from 'node:crypto';
import { BoundedCache } from '@quire/domain';

export const RENDERING = 'quire-reader-2';

export interface RenderKeyParts {
  /** Every revision the output reads (one for a page; each site space's for llms.txt or a sitemap). */
  revisions: readonly string[];
  /** The site's settings, structure and customization as shown: `siteVersionOf(publishedView)`. */
  siteVersion: string;
  /** The visitor's claims and admission (what the conditions read); `{}` for an anonymous visitor. */
  visitor: unknown;
  /** The site-relative path of the output, and the site's base path it is served under. */
  path: string;
  format: 'html' | 'markdown' | 'llms' | 'llms-full' | 'sitemap' | 'robots' | (string & {});
}

/** A fixed-length key (hex SHA-256) of the parts: also the output's strong ETag. */
export function renderKey(parts: RenderKeyParts): string {
  return createHash('sha256')
    .update(
      stableJson([RENDERING, parts.revisions, parts.siteVersion, parts.visitor, parts.path, parts.format]),
    )
    .digest('hex');
}

/**
 * A version of what the visitor is shown of a site: a hash of its published view (the site,
 * the structure the visitor is shown with each site space's space and revision, the
 * customizations). Any change of the site's settings, structure or customization, and any new
 * revision of one of its spaces, changes it.
 */
export function siteVersionOf(publishedView: unknown): string {
  // Every page a visitor reads makes the published view anew, and sorting its keys to print it
  // was about 8% of a cached page's CPU: the version is kept by the view's plain JSON, which
  // prints the same view the same way (its keys made in the same order), for a fraction of
  // the cost. A view printed two ways only hashes again, to the same version.
  const plain = JSON.stringify(publishedView) ?? 'null';
  const kept = versionsByPlainJson.get(plain);
  if (kept !== undefined) return kept.version;
  const version = createHash('sha256').update(stableJson(publishedView)).digest('hex').slice(0, 32);
  versionsByPlainJson.set(plain, { version, weight: plain.length * 2 });
  return version;
}

/** The versions of the views seen lately, by their plain JSON (bounded: a view can hold 256 KB of customization). */
const versionsByPlainJson = new BoundedCache<string, { version: string; weight: number }>({
  maxEntries: 1000,
  maxWeight: 16 * 1024 * 1024,
  weigh: (kept) => kept.weight,
});

/** JSON with object keys sorted, so equal values print the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
