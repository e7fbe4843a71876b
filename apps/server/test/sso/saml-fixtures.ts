/** SAML providers made through the API, for the SAML and SSO tests. */
import { expect } from 'vitest';
import type { TestOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';

/** PEM armour around base64 text: what the API checks (the certificate is not parsed). */
export const CERTIFICATE = [
  '-----BEGIN CERTIFICATE-----',
  'MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ',
  'RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD',
  'VQQDExlCYWx0aW1vcmUgQ3liZXJUcnVzdCBSb290MB4XDTAwMDUxMjE4NDYwMFo=',
  '-----END CERTIFICATE-----',
].join('\n');

/** Everything a provider needs to be active. */
export const COMPLETE_PROVIDER = {
  label: 'Okta',
  entityID: 'http://www.okta.com/exk1234',
  certificate: CERTIFICATE,
  ssoURL: 'https://example.okta.com/app/quire/sso/saml',
};

export const samlPath = (organizationId: string): string => `/v1/orgs/${organizationId}/saml`;
export const providerPath = (organizationId: string, providerId: string): string =>
  `${samlPath(organizationId)}/${providerId}`;

// biome-ignore lint/suspicious/noExplicitAny: the SAML provider resource as the API answers it
export async function createProvider(server: TestServer, org: TestOrganization, body: object): Promise<any> {
  const response = await server.api(samlPath(org.organization.id), {
    method: 'POST',
    token: org.admin.token,
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}
