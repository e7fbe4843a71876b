/** SAML provider routes, and the organization's SSO entries. */
import { samlOperations as saml, ssoOperations as sso } from '@quire/domain';
import { type RestRoute, route } from '../route';

const ORG = '/v1/orgs/:organizationId';
const PROVIDER = `${ORG}/saml/:samlProviderId`;

export const ssoRoutes: readonly RestRoute[] = [
  route('GET', `${ORG}/saml`, saml.list),
  route('POST', `${ORG}/saml`, saml.create, 201),
  route('GET', PROVIDER, saml.get),
  route('PATCH', PROVIDER, saml.update),
  route('DELETE', PROVIDER, saml.remove),
  route('GET', `${ORG}/sso`, sso.list),
];
