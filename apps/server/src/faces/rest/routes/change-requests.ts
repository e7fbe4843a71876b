/**
 * The change-request routes of a space: its list, a new change request (201, as GitBook's
 * document has it), one change request by its id or its number, its content (the same
 * reads as a space's, and batch edits), and its merge and update.
 */
import { contentOperations } from '@quire/domain';
import { aliasRoute, type RestRoute, route } from '../route';
import { importedRevisionLocation } from './content';

const { changeRequests, spaces } = contentOperations;
const CHANGE_REQUESTS = '/v1/spaces/:spaceId/change-requests';
const CHANGE_REQUEST = '/v1/spaces/:spaceId/change-requests/:changeRequestId';

export const changeRequestRoutes: readonly RestRoute[] = [
  route('GET', CHANGE_REQUESTS, changeRequests.list),
  route('POST', CHANGE_REQUESTS, changeRequests.create, 201),
  route('GET', CHANGE_REQUEST, changeRequests.get),
  route('PATCH', CHANGE_REQUEST, changeRequests.update),
  route('POST', `${CHANGE_REQUEST}/merge`, changeRequests.merge),
  route('POST', `${CHANGE_REQUEST}/update`, changeRequests.updateFromSpace),
  route('GET', `${CHANGE_REQUEST}/pdf`, changeRequests.pdf),
  route('POST', `${CHANGE_REQUEST}/content`, changeRequests.content.update),
  {
    ...route('POST', `${CHANGE_REQUEST}/content/import`, changeRequests.content.import, 201),
    location: importedRevisionLocation,
  },
  aliasRoute('GET', `${CHANGE_REQUEST}/content`, spaces.content.get, 'changeRequests.content.get'),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/pages`,
    spaces.content.pages.list,
    'changeRequests.content.pages.list',
  ),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/page/:pageId`,
    spaces.content.page.get,
    'changeRequests.content.page.get',
  ),
  {
    ...aliasRoute(
      'GET',
      `${CHANGE_REQUEST}/content/path/:pagePath`,
      spaces.content.path.get,
      'changeRequests.content.path.get',
    ),
    lastParamTakesSlashes: true,
  },
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/files`,
    spaces.content.files.list,
    'changeRequests.content.files.list',
  ),
  aliasRoute(
    'GET',
    `${CHANGE_REQUEST}/content/files/:fileId`,
    spaces.content.files.get,
    'changeRequests.content.files.get',
  ),
  {
    ...aliasRoute(
      'POST',
      `${CHANGE_REQUEST}/content/files`,
      spaces.content.files.upload,
      'changeRequests.content.files.upload',
    ),
    status: 201,
  },
];
