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
  /**
   * What of the visitor the output depends on: for an HTML page, which of its conditions hold
   * for them (`page-conditions.ts`) and its share key; for the other formats, their claims and
   * share key; `{}` for an anonymous visitor.
   */
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
  const plain = plainKeyOf(publishedView);
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

/**
 * The view's plain JSON, with each frozen object among its fields (the customizations, shared
 * by every view of a site's version and frozen deeply, `publishedCustomizations`) named by a
 * number of its own instead of printed: such an object never changes, so its number names its
 * content, and the key stays short.
 */
function plainKeyOf(view: unknown): string {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) return JSON.stringify(view) ?? 'null';
  let key = '';
  for (const [name, value] of Object.entries(view)) {
    const frozen = value !== null && typeof value === 'object' && Object.isFrozen(value);
    key += `${JSON.stringify(name)}:${frozen ? `#${numberOf(value)}` : (JSON.stringify(value) ?? 'undefined')},`;
  }
  return key;
}

const frozenNumbers = new WeakMap<object, number>();
let lastFrozenNumber = 0;
const numberOf = (value: object): number => {
  let number = frozenNumbers.get(value);
  if (number === undefined) {
    number = ++lastFrozenNumber;
    frozenNumbers.set(value, number);
  }
  return number;
};

/** JSON with object keys sorted, so equal values print the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
