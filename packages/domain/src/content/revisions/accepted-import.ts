/**
 * Imported content (a zip, a docx, a website, a Git repository) with every page's markdown
 * read by the `UntrustedMarkdown` port before anything on this thread reads it
 * (`addImportedContent` rewrites links, the pages' outlines and documents come later): a
 * source's page is text from outside, whichever reader made it. Pages are read one after
 * the other, so an import of thousands of pages never queues ahead of a person's edit for
 * longer than one page. A page refused (beyond the parser's limits or the reading budget)
 * fails the job with `code`, naming the page.
 */
import type { DomainServices } from '../../core/context';
import { JobFailure } from '../../jobs';
import type { ImportedContent, ImportedPage } from './content-imports';

export async function acceptedImport<Content extends ImportedContent>(
  ctx: Pick<DomainServices, 'untrustedMarkdown'>,
  content: Content,
  code: string,
): Promise<Content> {
  // Only each page's markdown changes: the pages keep whatever else their source gave them.
  const accepted = async <Page extends ImportedPage>(page: Page): Promise<Page> => {
    const reading = await ctx.untrustedMarkdown.read(page.markdown);
    if (!reading.ok)
      throw new JobFailure(code, `the source's page "${page.title}" cannot be stored: ${reading.reason}`);
    const children: ImportedPage[] = [];
    for (const child of page.children) children.push(await accepted(child));
    return { ...page, markdown: reading.markdown, children };
  };
  const pages: ImportedPage[] = [];
  for (const page of content.pages) pages.push(await accepted(page));
  return { ...content, pages } as Content;
}
