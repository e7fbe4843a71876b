/**
 * What a docs renderer reads to show a page (issue 28, item 3), at GitBook's paths: a page's
 * document in a revision, a space's document by id, a page's meta links (current content,
 * revision, change request), a URL as an embed, and computed documents.
 */
import { contentOperations } from '@quire/domain';
import { aliasRoute, type RestRoute, route } from '../route';

const { spaces } = contentOperations;
const SPACE = '/v1/spaces/:spaceId';
const REVISION = `${SPACE}/revisions/:revisionId`;
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

export const pageDocumentRoutes: readonly RestRoute[] = [
  route('GET', `${REVISION}/page/:pageId/document`, spaces.revisions.page.document),
  route('GET', `${SPACE}/documents/:documentId`, spaces.documents.get),
  route('GET', `${SPACE}/content/page/:pageId/meta-links`, spaces.content.page.metaLinks),
  aliasRoute(
    'GET',
    `${REVISION}/page/:pageId/meta-links`,
    spaces.content.page.metaLinks,
    'spaces.revisions.page.metaLinks',
  ),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/page/:pageId/meta-links`,
    spaces.content.page.metaLinks,
    'changeRequests.content.page.metaLinks',
  ),
  route('GET', `${SPACE}/embed`, spaces.embed.get),
  route('POST', `${SPACE}/content/computed/document`, spaces.content.computed.document),
];
