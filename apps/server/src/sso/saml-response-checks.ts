/**
 * What a SAML response must also say that node-saml leaves to its caller: that it was sent to
 * this service's ACS (`Destination` of the response, `Recipient` of the bearer confirmation)
 * by the configured identity provider (the assertion's `Issuer`), and which assertion it is
 * (its `ID` and end of validity, for the replay check). Read from the assertion node-saml
 * verified (`profile.getAssertion()`, never the raw text beside it), except `Destination`,
 * which is on the response around it: its check needs no signature (a mismatch is refused,
 * a forged match gains nothing the signed `Recipient` does not already decide).
 */
import type { Profile } from '@node-saml/node-saml';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml';

export class SamlRefusal extends Error {
  override readonly name = 'SamlRefusal';
}

type XmlNode = { $?: Record<string, string | undefined>; _?: string; [child: string]: unknown };
const first = (value: unknown): XmlNode | undefined =>
  Array.isArray(value) ? (value[0] as XmlNode | undefined) : undefined;

export interface VerifiedAssertion {
  id: string;
  /** The end of the assertion's validity (ms since the epoch), when it says. */
  notOnOrAfter: number | undefined;
}

/** The response's `Destination`, when present, is this ACS. */
export async function checkDestination(responseXml: string, acsURL: string): Promise<void> {
  const document = await parseDomFromString(responseXml);
  const destinations = xpath.selectAttributes(document, "/*[local-name()='Response']/@Destination");
  const destination = destinations[0]?.nodeValue;
  if (destination !== undefined && destination !== null && destination !== acsURL)
    throw new SamlRefusal(`The response was sent to ${destination.slice(0, 200)}, not to this service`);
}

/** The verified assertion names this ACS as its recipient and the configured issuer; its id and end. */
export function checkVerifiedAssertion(
  profile: Profile,
  expected: { acsURL: string; issuer: string | undefined },
): VerifiedAssertion {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  if (!assertion || !id) throw new SamlRefusal('The assertion has no ID');
  if (expected.issuer !== undefined && profile.issuer !== expected.issuer)
    throw new SamlRefusal('The assertion was issued by another identity provider than the one configured');
  const confirmations = (first(assertion.Subject)?.SubjectConfirmation as unknown[] | undefined) ?? [];
  const data = confirmations.map((c) => first((c as XmlNode).SubjectConfirmationData)?.$);
  if (data.length === 0 || data.some((d) => d?.Recipient !== expected.acsURL))
    throw new SamlRefusal('The assertion is meant for another recipient than this service');
  const ends = [first(assertion.Conditions)?.$?.NotOnOrAfter, ...data.map((d) => d?.NotOnOrAfter)]
    .map((end) => (end ? Date.parse(end) : Number.NaN))
    .filter((end) => Number.isFinite(end));
  return { id, notOnOrAfter: ends.length ? Math.max(...ends) : undefined };
}

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'Email',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = [
  'displayName',
  'name',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'urn:oid:2.16.840.1.113730.3.1.241',
];
const GIVEN_NAME = [
  'firstName',
  'givenName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const SURNAME = [
  'lastName',
  'surname',
  'sn',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];

function attribute(profile: Profile, names: readonly string[]): string | undefined {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = attributes[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return undefined;
}

/** Who the provider says signed in: an email (an attribute, else an email-like name id) and a name. */
export function personOf(profile: Profile): { email: string; displayName: string | undefined } {
  const email =
    attribute(profile, EMAIL_ATTRIBUTES) ?? (profile.nameID?.includes('@') ? profile.nameID : undefined);
  if (!email)
    throw new SamlRefusal('The identity provider sent no email address (an email attribute or name id)');
  const given = attribute(profile, GIVEN_NAME);
  const surname = attribute(profile, SURNAME);
  const displayName =
    attribute(profile, NAME_ATTRIBUTES) ?? ([given, surname].filter(Boolean).join(' ') || undefined);
  return { email, displayName };
}
