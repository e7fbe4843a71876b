/**
 * One line of the search results: a section of a page (or the page itself when no section
 * matched), where choosing it leads (the app's own path, with the heading's `#anchor`).
 */

export interface SearchOption {
  /** Unique among the results shown. */
  key: string;
  /** The app path to open: `/o/…/s/…/{page path}#{anchor}`. */
  to: string;
  pageTitle: string;
  heading?: string;
  excerpt?: string;
  /** The space the page is in, for an organization's results. */
  spaceTitle?: string;
}

export interface PageResult {
  id: string;
  title: string;
  urls: { app: string };
  sections: ReadonlyArray<{ id: string; title: string; body: string; urls: { app: string } }>;
}

/** The path and hash of an app URL the server gave (`urls.app` is absolute). */
export function appPathOf(url: string): string {
  const parsed = new URL(url, 'http://app.invalid');
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** A page's lines: one per section found, else the page alone. */
export function optionsOfPage(page: PageResult, spaceTitle?: string): SearchOption[] {
  const context = spaceTitle === undefined ? {} : { spaceTitle };
  if (page.sections.length === 0)
    return [{ key: page.id, to: appPathOf(page.urls.app), pageTitle: page.title, ...context }];
  return page.sections.map((section) => ({
    key: `${page.id}/${section.id}`,
    to: appPathOf(section.urls.app),
    pageTitle: page.title,
    ...(section.title && section.title !== page.title ? { heading: section.title } : {}),
    ...(section.body ? { excerpt: section.body } : {}),
    ...context,
  }));
}
