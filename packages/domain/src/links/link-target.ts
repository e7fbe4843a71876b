/**
 * What the URL of a link names, read without the store: a page of this space (by id or by
 * path, with an anchor or not), a file of it (by id, by name under GitBook's
 * `.gitbook/assets/`, or by Quire's download URL), another space, a screen of the app, or
 * something outside Quire. Whether the target exists is `linkStatus`'s question.
 *
 * The rules, first match wins:
 * 0. `/reusable-contents/<id>` (how an include names a reusable content of the space): that
 *    reusable content.
 * 1. `#anchor`: an anchor of the page holding the link.
 * 2. Quire's content references (`/pages/<id>`, `/pages/<id>#anchor`, `/files/<id>`, see
 *    `content-ref.ts`): that page, anchor or file.
 * 3. A URL with a scheme (or `//host`):
 *    a. Quire's file download URL (`<api>/files/<hash>/<name>`): that file;
 *    b. an app URL of a space (`<app>/o/<org>/s/<space>/<path>`): a page of this space by
 *       path when it is this space and names a path, another space when it is another one;
 *    c. any other app URL: a screen of the app ('in-app');
 *    d. anything else (http, https, mailto...): external.
 * 4. A path through GitBook's `.gitbook/assets/`: the file of that name.
 * 5. Any other path: a page by path, relative to the page holding the link (a page with
 *    subpages is the directory's `README.md`, one without is `<slug>.md`) or from the root
 *    of the space when it starts with `/`; `.md` and `README.md` name the same page.
 */
import { linkRefFromUrl } from '@quire/documents';
import type { PublicUrls } from '../core/context';

export type PageName = { id: string } | { path: string };
export type FileName = { id: string } | { name: string } | { hash: string; name: string };

export type LinkTarget =
  | { kind: 'page'; page: PageName; anchor?: string }
  | { kind: 'file'; file: FileName }
  | { kind: 'space'; space: string }
  | { kind: 'reusable-content'; reusableContent: string }
  | { kind: 'in-app' }
  | { kind: 'external' };

/** Where a link is written: the space and the page holding it. */
export interface LinkPlace {
  urls: PublicUrls;
  spaceId: string;
  pageId: string;
  /** The path of the page holding the link. */
  pagePath: string;
  /** Whether that page has subpages (its markdown file is then `<path>/README.md`). */
  hasSubpages: boolean;
}

const ASSETS = '.gitbook/assets/';
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

const REUSABLE_CONTENT = /^\/reusable-contents\/([^/?#]+)$/;

export function linkTargetOf(url: string, place: LinkPlace): LinkTarget {
  // 0.
  const reusable = REUSABLE_CONTENT.exec(url);
  if (reusable) return { kind: 'reusable-content', reusableContent: decoded(reusable[1] ?? '') };
  // 1.
  if (url.startsWith('#') && url.length > 1)
    return { kind: 'page', page: { id: place.pageId }, anchor: url.slice(1) };
  // 2.
  const ref = linkRefFromUrl(url);
  if (ref.kind === 'page') return { kind: 'page', page: { id: ref.page } };
  if (ref.kind === 'anchor')
    return { kind: 'page', page: { id: ref.page ?? place.pageId }, anchor: ref.anchor };
  if (ref.kind === 'file') return { kind: 'file', file: { id: ref.file } };
  // 3.
  if (SCHEME.test(url) || url.startsWith('//')) return absoluteTarget(url, place);
  // 4. and 5.
  const [pathPart = '', anchor] = splitHash(url.split('?')[0] ?? '');
  const assets = pathPart.lastIndexOf(ASSETS);
  if (assets !== -1) return { kind: 'file', file: { name: decoded(pathPart.slice(assets + ASSETS.length)) } };
  const base = pathPart.startsWith('/') ? '' : place.hasSubpages ? place.pagePath : parentOf(place.pagePath);
  const path = pagePathOf(base, pathPart);
  return { kind: 'page', page: { path }, ...(anchor ? { anchor } : {}) };
}

function absoluteTarget(url: string, place: LinkPlace): LinkTarget {
  const parsed = parseUrl(url);
  if (!parsed) return { kind: 'external' };
  const api = parseUrl(place.urls.api);
  // a.
  if (api && parsed.origin === api.origin) {
    const rest = relativeTo(parsed.pathname, api.pathname);
    const match = rest === undefined ? null : /^\/files\/([^/]+)\/([^/]+)$/.exec(rest);
    if (match) return { kind: 'file', file: { hash: match[1] ?? '', name: decoded(match[2] ?? '') } };
  }
  const app = parseUrl(place.urls.app);
  if (!app || parsed.origin !== app.origin) return { kind: 'external' };
  const rest = relativeTo(parsed.pathname, app.pathname);
  if (rest === undefined) return { kind: 'external' };
  // b.
  const match = /^\/o\/[^/]+\/s\/([^/]+)(?:\/(.*))?$/.exec(rest);
  if (match) {
    const space = match[1] ?? '';
    if (space !== place.spaceId) return { kind: 'space', space };
    const path = (match[2] ?? '').replace(/\/+$/, '');
    const anchor = parsed.hash.slice(1);
    if (path !== '') return { kind: 'page', page: { path: decoded(path) }, ...(anchor ? { anchor } : {}) };
  }
  // c.
  return { kind: 'in-app' };
}

/** The path of `parsed` under `base` (undefined when it is not under it). */
function relativeTo(pathname: string, base: string): string | undefined {
  const prefix = base.replace(/\/+$/, '');
  if (prefix === '') return pathname;
  if (pathname === prefix) return '';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return null;
  }
}

function splitHash(url: string): [string, string | undefined] {
  const hash = url.indexOf('#');
  return hash === -1 ? [url, undefined] : [url.slice(0, hash), url.slice(hash + 1) || undefined];
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const parentOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** The page path a relative markdown path names from directory `base`. */
function pagePathOf(base: string, relative: string): string {
  const segments = base === '' ? [] : base.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(decoded(segment));
  }
  const last = segments[segments.length - 1];
  if (last !== undefined && /^readme\.md$/i.test(last)) segments.pop();
  else if (last !== undefined && /\.md$/i.test(last)) segments[segments.length - 1] = last.slice(0, -3);
  return segments.join('/');
}
