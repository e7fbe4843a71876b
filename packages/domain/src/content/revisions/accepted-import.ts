/**
 * Imported content (a zip, a docx, a website, a Git repository) with every page's markdown
 * read by the `UntrustedMarkdown` port before anything on this thread reads it
 * (`addImportedContent` rewrites links, the pages' outlines and documents come later): a
 * source's page is text from outside, whichever reader made it. Pages are handed over as
 * many at a time as the port reads at once (`readsAtOnce`, one per markdown thread; one when
 * the port does not say), so an import keeps every thread busy yet never queues ahead of a
 * person's edit for longer than one page per thread; the answers keep the pages' order, and
 * only those pages' texts are in hand at a time beyond the answers themselves. A page refused
 * (beyond the parser's limits or the reading budget) fails the job with `code`, naming the
 * page: the first refused one in the pages' order, as when they were read one by one.
 */
import type { LinkTargets, UntrustedMarkdownOptions } from '@quire/documents';
import type { DomainServices } from '../../core/context';
import { JobFailure } from '../../jobs';
import type { ImportedContent, ImportedPage } from './content-imports';

type Services = Pick<DomainServices, 'untrustedMarkdown'>;

/** What a port that reads on several threads says of itself (the server's does). */
export async function acceptedImport<Content extends ImportedContent>(
  ctx: Services,
  content: Content,
  code: string,
): Promise<Content> {
  const markdown = await readPages(ctx, flatPages(content.pages), () => ({}), code);
  return { ...content, pages: withMarkdown(content.pages, markdown) } as Content;
}

/**
 * Each page's body as `addImportedContent` stores it, read by the port in the same reading
 * that accepts the page: the stored form with the import's links to its own pages and files
 * (`links`, `planImport`'s) resolved, and first, for a page with `folderLinks`, its relative
 * links (what the folder reader would have done on its own thread). By page object.
 */
export async function acceptedBodies(
  ctx: Services,
  content: Pick<ImportedContent, 'pages'>,
  links: LinkTargets,
  code: string,
): Promise<Map<ImportedPage, string>> {
  const pages = flatPages(content.pages);
  // A page that still holds its source's relative links: resolved first, in the same reading
  // (which of the import's targets they lead to is known only then: all of them go along).
  const linksOf = (page: ImportedPage): LinkTargets =>
    page.folderLinks ? { ...links, folder: page.folderLinks } : linksIn(page.markdown, links);
  const markdown = await readPages(ctx, pages, (page) => ({ links: linksOf(page) }), code);
  return new Map(pages.map((page, index) => [page, markdown[index] as string]));
}

/** The pages of a tree, depth first (each page before its children, as they were read one by one). */
function flatPages(pages: readonly ImportedPage[]): ImportedPage[] {
  return pages.flatMap((page) => [page, ...flatPages(page.children)]);
}

/** The tree with each page's markdown the next of `markdown` (depth first); every other field kept. */
function withMarkdown<Page extends ImportedPage>(
  pages: readonly Page[],
  markdown: readonly string[],
): Page[] {
  let next = 0;
  const copy = (page: Page): Page => {
    const own = markdown[next++] as string;
    return { ...page, markdown: own, children: page.children.map((child) => copy(child as Page)) };
  };
  return pages.map(copy);
}

/** Each page's reading, in the pages' order, `readsAtOnce` at a time; the first refusal in that order fails. */
async function readPages(
  ctx: Services,
  pages: readonly ImportedPage[],
  optionsOf: (page: ImportedPage) => UntrustedMarkdownOptions,
  code: string,
): Promise<string[]> {
  const atOnce = Math.max(1, Math.floor(ctx.untrustedMarkdown.readsAtOnce ?? 1));
  const markdown: string[] = [];
  let refusedAt = pages.length;
  let reason = '';
  let failed = false;
  let next = 0;
  // Lanes take the pages in order; once one is refused, no page after it is started, and
  // every page before it was (so the first refused in order is known when all lanes end).
  const lane = async () => {
    while (!failed && next < refusedAt) {
      const index = next++;
      const page = pages[index] as ImportedPage;
      try {
        const reading = await ctx.untrustedMarkdown.read(page.markdown, optionsOf(page));
        if (reading.ok) markdown[index] = reading.markdown;
        else if (index < refusedAt) {
          refusedAt = index;
          reason = reading.reason;
        }
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, pages.length) }, lane));
  if (refusedAt < pages.length)
    throw new JobFailure(
      code,
      `the source's page "${(pages[refusedAt] as ImportedPage).title}" cannot be stored: ${reason}`,
    );
  return markdown;
}

/**
 * The entries of `links` a page's text may name (what crosses to a thread with it, not the
 * whole import's): every key it holds as written; all of them when it holds a backslash or an
 * ampersand, which can spell a URL's characters otherwise (`maySpell`'s reason). Sound: a
 * target the parser reads from text with neither is a run of that text's own characters.
 * Linear in the text: keys are looked for where their common beginning occurs.
 */
function linksIn(text: string, links: LinkTargets): LinkTargets {
  if (text.includes('\\') || text.includes('&')) return links;
  const maps = [links.keepingAnchor, links.droppingAnchor].map((map) => map ?? new Map<string, string>());
  const keys = maps.flatMap((map) => [...map.keys()]);
  const start = commonBeginning(keys);
  const longest = Math.max(0, ...keys.map((key) => key.length));
  const held = new Set<string>();
  if (start === '') for (const key of keys) if (text.includes(key)) held.add(key);
  for (let at = start === '' ? -1 : text.indexOf(start); at >= 0; at = text.indexOf(start, at + 1))
    for (let end = at + start.length; end <= Math.min(text.length, at + longest); end++)
      held.add(text.slice(at, end));
  const [keepingAnchor, droppingAnchor] = maps.map(
    (map) =>
      new Map([...held].flatMap((key) => (map.has(key) ? [[key, map.get(key) as string] as const] : []))),
  );
  return { keepingAnchor, droppingAnchor } as LinkTargets;
}

function commonBeginning(keys: readonly string[]): string {
  let start = keys[0] ?? '';
  for (const key of keys) while (!key.startsWith(start)) start = start.slice(0, -1);
  return start;
}
