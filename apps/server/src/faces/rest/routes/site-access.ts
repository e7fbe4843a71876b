/** The routes of who reaches a site: share links, visitor authentication, adaptive content, the published view. */
import { publishingOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';
import { SITE } from './sites';

const { sites } = publishingOperations;
const SHARE_LINKS = `${SITE}/share-links`;
const SHARE_LINK = `${SHARE_LINKS}/:shareLinkId`;
const PUBLISHING_AUTH = `${SITE}/publishing/auth`;
const ADAPTIVE_SCHEMA = `${SITE}/adaptive-schema`;

export const siteAccessRoutes: readonly RestRoute[] = [
  route('GET', SHARE_LINKS, sites.shareLinks.list),
  route('POST', SHARE_LINKS, sites.shareLinks.create, 201),
  route('PATCH', SHARE_LINK, sites.shareLinks.update),
  route('DELETE', SHARE_LINK, sites.shareLinks.remove),
  route('GET', PUBLISHING_AUTH, sites.publishingAuth.get),
  route('PATCH', PUBLISHING_AUTH, sites.publishingAuth.update),
  route('POST', `${PUBLISHING_AUTH}/regenerate`, sites.publishingAuth.regenerate),
  route('GET', ADAPTIVE_SCHEMA, sites.adaptiveSchema.get),
  route('PUT', ADAPTIVE_SCHEMA, sites.adaptiveSchema.put),
  route('GET', `${ADAPTIVE_SCHEMA}/template-conditions`, sites.adaptiveSchema.templateConditions),
  route('GET', `${SITE}/published`, sites.published),
];
