/**
 * Which machine format a reader's request asks for, if any: at the site's root (the lookup's
 * `basePath` is the site's own), `llms.txt`, `llms-full.txt`, `sitemap.xml` and `robots.txt`;
 * anywhere, a page path ending in `.md`, or a page asked with `Accept` preferring
 * `text/markdown` to `text/html`, and a page's social image (`~social/<page path>.png`). Pure.
 */

export type MachineRequest =
  | { kind: 'llms' | 'llms-full' | 'sitemap' | 'robots' }
  | { kind: 'markdown'; pagePath: string }
  /** A page's social image: `~social/<page path>.png` under its site space. */
  | { kind: 'social-image'; pagePath: string };

export const SOCIAL_IMAGE_PREFIX = '~social/';

const AT_ROOT: Record<string, 'llms' | 'llms-full' | 'sitemap' | 'robots'> = {
  'llms.txt': 'llms',
  'llms-full.txt': 'llms-full',
  'sitemap.xml': 'sitemap',
  'robots.txt': 'robots',
};

export function machineRequestOf(
  lookup: { pathname: string; basePath: string; siteBasePath: string },
  accept: string | undefined,
): MachineRequest | undefined {
  const pathname = lookup.pathname.replace(/\/+$/, '');
  const rootKind = lookup.basePath === lookup.siteBasePath ? AT_ROOT[pathname] : undefined;
  if (rootKind !== undefined) return { kind: rootKind } as MachineRequest;
  if (pathname.startsWith(SOCIAL_IMAGE_PREFIX) && pathname.endsWith('.png'))
    return { kind: 'social-image', pagePath: pathname.slice(SOCIAL_IMAGE_PREFIX.length, -'.png'.length) };
  if (pathname.endsWith('.md')) return { kind: 'markdown', pagePath: pathname.slice(0, -'.md'.length) };
  if (prefersMarkdown(accept)) return { kind: 'markdown', pagePath: pathname };
  return undefined;
}

/** Whether `Accept` weighs `text/markdown` above `text/html` (absent: 0). */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (accept === undefined || !accept.includes('text/markdown')) return false;
  let markdown = 0;
  let html = 0;
  for (const range of accept.split(',').slice(0, 50)) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight)) continue;
    if (type === 'text/markdown') markdown = Math.max(markdown, weight);
    else if (type === 'text/html') html = Math.max(html, weight);
  }
  return markdown > 0 && markdown > html;
}
