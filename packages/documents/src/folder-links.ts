/**
 * Links between the files of a folder tree (a zip's entries, a Git repository's tree under
 * its root), as data: what a relative link of one page (`../guide/install.md#steps`,
 * `guide/` for its README, `../.gitbook/assets/a.png`) leads to. The folder reader resolves
 * them with it; so does a markdown thread reading an import's page, which gets the tables
 * with the page (no function crosses to a thread).
 */

export interface FolderLinks {
  /** The linking page's path in the tree (`/`-separated, relative). */
  from: string;
  /** Each markdown file's path → the URL a link to that page becomes (the link's `#anchor` added). */
  pages: ReadonlyMap<string, string>;
  /** Each other file's path → the URL a link to that file becomes. */
  files: ReadonlyMap<string, string>;
}

/** `rewriteLinks`' `rewrite` for a page's relative links: the new URL, or undefined to keep the link. */
export function rewriteOfFolderLinks(links: FolderLinks): (url: string) => string | undefined {
  return (url) => {
    const path = resolvePath(url, links.from);
    if (path === null) return undefined;
    const pageFile = pageFileOf(path, links.pages);
    if (pageFile !== undefined) return `${links.pages.get(pageFile) as string}${anchorOf(url)}`;
    return links.files.get(path);
  };
}

/** The `#anchor` of a URL, or '' for none or a bare `#`. */
function anchorOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 || hash === url.length - 1 ? '' : url.slice(hash);
}

/** The tree path a relative URL points at (query and fragment dropped), or null for an absolute URL or an anchor. */
export function resolvePath(url: string, from: string): string | null {
  if (url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//'))
    return null;
  let target: string;
  try {
    target = decodeURIComponent(url.replace(/[?#].*$/, ''));
  } catch {
    return null;
  }
  const base = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  const segments = [...base];
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/') + (target.endsWith('/') ? '/' : '');
}

/** The markdown file a path names: itself, or a folder's README. */
export function pageFileOf(path: string, pages: { has(path: string): boolean }): string | undefined {
  if (pages.has(path)) return path;
  const folder = path.replace(/\/$/, '');
  for (const name of ['README.md', 'readme.md', 'Readme.md', 'README.markdown']) {
    const candidate = folder === '' ? name : `${folder}/${name}`;
    if (pages.has(candidate)) return candidate;
  }
  return undefined;
}
