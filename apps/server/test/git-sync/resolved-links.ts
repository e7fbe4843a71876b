/**
 * A repository's content as the folder reader gave it before it left each page's relative
 * links to the page's reading (`folderLinks`): every page's links resolved with its tables,
 * as the reading's first pass does (`readUntrustedMarkdown`'s `links.folder`).
 */
import { rewriteLinks, rewriteOfFolderLinks } from '@quire/documents';

interface PageWithLinks {
  markdown: string;
  folderLinks?: Parameters<typeof rewriteOfFolderLinks>[0];
  children: PageWithLinks[];
}

export function withLinksResolved<Content extends { pages: PageWithLinks[] }>(content: Content): Content {
  const resolved = <Page extends PageWithLinks>({ folderLinks, ...page }: Page): Page =>
    ({
      ...page,
      markdown: folderLinks ? rewriteLinks(page.markdown, rewriteOfFolderLinks(folderLinks)) : page.markdown,
      children: page.children.map(resolved),
    }) as Page;
  return { ...content, pages: content.pages.map(resolved) };
}
