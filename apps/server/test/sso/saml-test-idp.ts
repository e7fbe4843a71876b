/**
 * A SAML identity provider on loopback for the tests: its single sign-on URL takes Quire's
 * AuthnRequest (HTTP-Redirect binding), signs a response for the person the test chose with
 * the test key (xml-crypto), and answers the auto-posting form a real provider answers. The
 * responses are built here so that the tests can also build bad ones (unsigned, signed by
 * another key, expired, for another audience or recipient, wrapped).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

const keyFile = (name: string) => readFileSync(new URL(`./keys/${name}`, import.meta.url), 'utf8');
export const IDP_KEY = keyFile('test-idp-key.pem');
export const IDP_CERTIFICATE = keyFile('test-idp-cert.pem');
export const OTHER_KEY = keyFile('other-idp-key.pem');
export const IDP_ENTITY_ID = 'http://idp.quire.test/metadata';

export interface ResponseOptions {
  acsURL: string;
  audience: string;
  email: string;
  displayName?: string;
  /** The AuthnRequest answered; none for an IdP-initiated response. */
  inResponseTo?: string;
  issuer?: string;
  destination?: string;
  recipient?: string;
  /** Relative to now (ms): the assertion's window. */
  notBeforeMs?: number;
  notOnOrAfterMs?: number;
  /** What is signed, with which key (default: the assertion, with the test key). */
  sign?: 'assertion' | 'response' | 'none';
  key?: string;
  assertionId?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export function assertionXml(
  options: ResponseOptions,
  id = options.assertionId ?? `_a${randomUUID()}`,
): string {
  const answer = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
  const notBefore = iso(options.notBeforeMs ?? -60_000);
  const notOnOrAfter = iso(options.notOnOrAfterMs ?? 5 * 60_000);
  const name = options.displayName
    ? `<saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(options.displayName)}</saml:AttributeValue></saml:Attribute>`
    : '';
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${escapeXml(options.issuer ?? IDP_ENTITY_ID)}</saml:Issuer>` +
    '<saml:Subject>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(options.email)}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData${answer} NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(options.recipient ?? options.acsURL)}"/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(options.email)}</saml:AttributeValue></saml:Attribute>${name}</saml:AttributeStatement>` +
    '</saml:Assertion>'
  );
}

/** Signs the element with this ID (enveloped signature after its Issuer, as providers place it). */
export function signElement(
  xml: string,
  elementName: 'Assertion' | 'Response',
  id: string,
  key: string,
): string {
  const signature = new SignedXml({
    privateKey: key,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: `//*[local-name(.)='${elementName}' and @ID='${id}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  signature.computeSignature(xml, {
    location: {
      reference: `//*[local-name(.)='${elementName}' and @ID='${id}']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return signature.getSignedXml();
}

export function responseXml(options: ResponseOptions, assertion?: string): string {
  const responseId = `_r${randomUUID()}`;
  const assertionId = options.assertionId ?? `_a${randomUUID()}`;
  const key = options.key ?? IDP_KEY;
  const sign = options.sign ?? 'assertion';
  let body = assertion ?? assertionXml(options, assertionId);
  if (!assertion && sign === 'assertion') body = signElement(body, 'Assertion', assertionId, key);
  const answer = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${iso(0)}" Destination="${escapeXml(options.destination ?? options.acsURL)}"${answer}>` +
    `<saml:Issuer>${escapeXml(options.issuer ?? IDP_ENTITY_ID)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    body +
    '</samlp:Response>';
  return sign === 'response' ? signElement(xml, 'Response', responseId, key) : xml;
}

export const base64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

/** What Quire's AuthnRequest says, from the URL it sent the browser to. */
export function readAuthnRequest(location: string): {
  id: string;
  acsURL: string;
  issuer: string;
  relayState: string | null;
} {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
    'utf8',
  );
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  const issuer = /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? '';
  return {
    id: attribute('ID'),
    acsURL: attribute('AssertionConsumerServiceURL'),
    issuer,
    relayState: url.searchParams.get('RelayState'),
  };
}

export interface TestIdp {
  /** The single sign-on URL to configure. */
  ssoURL: string;
  /** Who the provider signs in next. */
  person: { email: string; displayName?: string };
  close(): Promise<void>;
}

/**
 * The provider's sign-on page: it answers an AuthnRequest with the auto-posting form of the
 * HTTP-POST binding, signed for `person`, to the ACS the request names, sent to `postTo`
 * (the public URL's origin replaced by the server's, since tests do not resolve quire.test).
 */
export async function startTestIdp(postTo: (acsURL: string) => string): Promise<TestIdp> {
  const idp: TestIdp = { ssoURL: '', person: { email: 'nobody@example.test' }, close: async () => {} };
  const server: Server = createServer((request, response) => {
    const request_ = readAuthnRequest(`http://idp${request.url}`);
    const saml = responseXml({
      acsURL: request_.acsURL,
      audience: request_.issuer,
      inResponseTo: request_.id,
      ...idp.person,
    });
    const relay =
      request_.relayState === null
        ? ''
        : `<input type="hidden" name="RelayState" value="${escapeXml(request_.relayState)}">`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(postTo(request_.acsURL))}">` +
        `<input type="hidden" name="SAMLResponse" value="${base64(saml)}">${relay}<button>Continue</button></form></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('test IdP: no port');
  idp.ssoURL = `http://127.0.0.1:${address.port}/sso`;
  idp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return idp;
}
