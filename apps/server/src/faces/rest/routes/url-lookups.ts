/** The routes that resolve URLs (GitBook's `urls` tag): a published URL for its visitor, an address of Quire for a user. */
import { publishingOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { urls } = publishingOperations;

export const urlLookupRoutes: readonly RestRoute[] = [
  route('POST', '/v1/urls/published', urls.published),
  route('GET', '/v1/urls/content', urls.content),
];
