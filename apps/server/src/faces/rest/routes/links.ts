/**
 * The link routes: the link report of a space and of a change request (its own revision, so
 * a broken link is caught before merge), the links of a page, and the pages that link to a
 * file, on both mounts.
 */
import { operations } from '@quire/domain';
import { aliasRoute, type RestRoute, route } from '../route';

const { spaces } = operations;
const SPACE = '/v1/spaces/:spaceId';
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

export const linkRoutes: readonly RestRoute[] = [
  route('GET', `${SPACE}/links`, spaces.links.list),
  aliasRoute('GET', `${CHANGE_REQUEST}/links`, spaces.links.list, 'changeRequests.links.list'),
  route('GET', `${SPACE}/content/page/:pageId/links`, spaces.content.page.links),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/page/:pageId/links`,
    spaces.content.page.links,
    'changeRequests.content.page.links',
  ),
  route('GET', `${SPACE}/content/files/:fileId/backlinks`, spaces.content.files.backlinks),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/files/:fileId/backlinks`,
    spaces.content.files.backlinks,
    'changeRequests.content.files.backlinks',
  ),
];
