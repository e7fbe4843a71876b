/**
 * Which URLs a website import reads, and when two URLs are one page.
 *
 * - A page's key is its URL without query and fragment, with a trailing `/index.html`
 *   (`.htm`, `.php`) or `/` dropped: `/docs/a/`, `/docs/a` and `/docs/a/index.html` are one page.
 * - The scope is the start URL's origin and path prefix: its folder when its last segment is
 *   a file (`/docs/index.html` -> `/docs/`), else the path itself (`/docs` -> `/docs/`).
 *   A URL is in scope when its key is the start page's or lies under the prefix, and it
 *   does not look like a file that is not a page (`.png`, `.pdf`, `.zip`, ...).
 * - `segmentsOf` is a page's path under the prefix, extensions dropped (`a/b.html` -> a, b):
 *   the page tree is built from them.
 */
const INDEX_FILE = /\/index\.(html?|php)$/i;
const PAGE_EXTENSION = /\.(html?|php|aspx?)$/i;
const NOT_A_PAGE =
  /\.(png|jpe?g|gif|webp|svg|ico|bmp|avif|pdf|zip|gz|tgz|tar|7z|rar|mp[34]|webm|mov|avi|woff2?|ttf|otf|eot|css|js|mjs|json|xml|txt|csv|docx?|xlsx?|pptx?|exe|dmg|apk)$/i;

export class CrawlScope {
  readonly origin: string;
  readonly prefix: string;
  readonly startKey: string;

  constructor(startUrl: string) {
    const url = new URL(startUrl);
    this.origin = url.origin;
    const path = url.pathname;
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    if (path.endsWith('/')) this.prefix = path;
    else if (lastSegment.includes('.')) this.prefix = path.slice(0, path.lastIndexOf('/') + 1);
    else this.prefix = `${path}/`;
    this.startKey = pageKeyOf(url);
  }

  /** The page key of `url` when the import reads it, else null. */
  keyInScope(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== this.origin) return null;
    if (NOT_A_PAGE.test(parsed.pathname)) return null;
    const key = pageKeyOf(parsed);
    if (key === this.startKey) return key;
    return parsed.pathname.startsWith(this.prefix) ? key : null;
  }

  /** The page's path segments under the prefix (none for the start page). */
  segmentsOf(key: string): string[] {
    if (key === this.startKey) return [];
    const path = new URL(key).pathname.slice(this.prefix.length);
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeSegment(segment).replace(PAGE_EXTENSION, ''));
  }
}

/** One page, one key: origin and path, without query, fragment, index file or trailing slash. */
export function pageKeyOf(url: URL): string {
  let path = url.pathname.replace(INDEX_FILE, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return url.origin + path;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
