/**
 * Reusable contents, read as GitBook's document has them: one by id, and its document, on a
 * space's current content, one of its revisions and a change request; and the list of them
 * (Quire's: GitBook lists them on the revision, `reusableContents`). They are written through
 * the content batch (`POST SPACE/content`, `POST CR/content`).
 */
import { contentOperations } from '@quire/domain';
import { aliasRoute, type RestRoute, route } from '../route';

const { reusableContents } = contentOperations.spaces.content;
const SPACE = '/v1/spaces/:spaceId';
const REVISION = `${SPACE}/revisions/:revisionId`;
const CHANGE_REQUEST = `${SPACE}/change-requests/:changeRequestId`;

export const reusableContentRoutes: readonly RestRoute[] = [
  route('GET', `${SPACE}/content/reusable-contents`, reusableContents.list),
  route('GET', `${SPACE}/content/reusable-contents/:reusableContentId`, reusableContents.get),
  route('GET', `${SPACE}/content/reusable-contents/:reusableContentId/document`, reusableContents.document),
  aliasRoute(
    'GET',
    `${REVISION}/reusable-contents`,
    reusableContents.list,
    'spaces.revisions.reusableContents.list',
  ),
  aliasRoute(
    'GET',
    `${REVISION}/reusable-contents/:reusableContentId`,
    reusableContents.get,
    'spaces.revisions.reusableContents.get',
  ),
  aliasRoute(
    'GET',
    `${REVISION}/reusable-contents/:reusableContentId/document`,
    reusableContents.document,
    'spaces.revisions.reusableContents.document',
  ),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/reusable-contents`,
    reusableContents.list,
    'changeRequests.content.reusableContents.list',
  ),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/reusable-contents/:reusableContentId`,
    reusableContents.get,
    'changeRequests.content.reusableContents.get',
  ),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/reusable-contents/:reusableContentId/document`,
    reusableContents.document,
    'changeRequests.content.reusableContents.document',
  ),
];
