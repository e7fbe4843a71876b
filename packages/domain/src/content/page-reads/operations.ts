/**
 * What a docs renderer reads to show a page (issue 28, item 3), mounted in content's tree
 * (`content/operations.ts`): a page's document in a revision, a document by id, a page's
 * meta links, a URL as an embed, and computed documents (none in Quire).
 */
import { getComputedDocument } from './computed-document';
import { getEmbed } from './get-embed';
import { getPageDocument } from './page-document';
import { listPageMetaLinks } from './page-meta-links';
import { getSpaceDocument } from './space-document';

export const pageReadOperations = {
  pageDocument: getPageDocument,
  spaceDocument: getSpaceDocument,
  pageMetaLinks: listPageMetaLinks,
  embed: getEmbed,
  computedDocument: getComputedDocument,
};
