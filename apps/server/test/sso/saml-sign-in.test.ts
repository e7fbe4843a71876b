/**
 * SAML sign-in through real HTTP, against a loopback identity provider signing with a test key
 * (`saml-test-idp.ts`): the service provider's metadata, an SP-initiated sign-in through the
 * provider's auto-posting form with just-in-time provisioning (default role and team), the
 * return path kept same-origin, and the responses refused: unsigned, signed by another key,
 * expired, for another audience, destination or recipient, answering no request of ours,
 * unsolicited, replayed, and two XML signature-wrapping attacks. A refused response writes no
 * user and gives no session.
 */
import { addOrganizationMember } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, type TestOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  assertionXml,
  base64,
  IDP_CERTIFICATE,
  IDP_ENTITY_ID,
  IDP_KEY,
  OTHER_KEY,
  type ResponseOptions,
  readAuthnRequest,
  responseXml,
  signElement,
  startTestIdp,
  type TestIdp,
} from './saml-test-idp';

let server: TestServer;
let idp: TestIdp;
let org: TestOrganization;
// biome-ignore lint/suspicious/noExplicitAny: the SAML provider resource as the API answers it
let provider: any;
let teamId: string;

/** Tests do not resolve quire.test: the public URL's origin is the server's. */
const local = (publicUrl: string) => publicUrl.replace('http://quire.test', server.url);

beforeAll(async () => {
  server = await startTestServer();
  idp = await startTestIdp(local);
  org = await createOrganization(server);
  teamId = (await createTeam(server, org, { title: 'Joined through SSO' })).id;
  const created = await server.api(`/v1/orgs/${org.organization.id}/saml`, {
    method: 'POST',
    token: org.admin.token,
    body: {
      label: 'Loopback IdP',
      entityID: IDP_ENTITY_ID,
      certificate: IDP_CERTIFICATE,
      ssoURL: idp.ssoURL,
      defaultRole: 'edit',
      defaultTeam: teamId,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  provider = created.body;
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

let people = 0;
const newEmail = () => `sso-person-${++people}-${Date.now().toString(36)}@example.test`;

/** Starts an SP-initiated sign-in; the AuthnRequest Quire sent the browser with. */
async function start(returnTo?: string) {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const response = await fetch(local(provider.service.startURL) + query, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(idp.ssoURL)).toBe(true);
  return { location, ...readAuthnRequest(location) };
}

interface AcsAnswer {
  status: number;
  location: string | null;
  cookie: string | undefined;
  text: string;
}

async function postToAcs(samlResponse: string, relayState?: string): Promise<AcsAnswer> {
  const form = new URLSearchParams({ SAMLResponse: samlResponse });
  if (relayState !== undefined) form.set('RelayState', relayState);
  const response = await fetch(local(provider.service.acsURL), {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'user-agent': 'QuireSamlTest/1.0' },
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('quire_session='))
    ?.split(';')[0];
  return {
    status: response.status,
    location: response.headers.get('location'),
    cookie,
    text: await response.text(),
  };
}

/** Follows the provider's auto-posting form as a browser would. */
async function throughIdp(location: string): Promise<AcsAnswer> {
  const page = await (await fetch(location)).text();
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`)
      .exec(page)?.[1]
      ?.replaceAll('&amp;', '&')
      .replaceAll('&quot;', '"');
  const samlResponse = field('SAMLResponse');
  expect(samlResponse).toBeDefined();
  return postToAcs(samlResponse!, field('RelayState'));
}

async function signedInUser(cookie: string | undefined) {
  const response = await fetch(`${server.url}/trpc/session.current`, { headers: { cookie: cookie ?? '' } });
  return ((await response.json()) as { result?: { data?: { user?: { id: string; email: string } } } }).result
    ?.data?.user;
}

/** A response to a fresh request of ours, as the test's provider would sign it, with changes. */
async function answer(changes: Partial<ResponseOptions> = {}) {
  const request = await start();
  const options: ResponseOptions = {
    acsURL: provider.service.acsURL,
    audience: provider.service.entityID,
    inResponseTo: request.id,
    email: newEmail(),
    ...changes,
  };
  return { options, xml: responseXml(options) };
}

async function expectRefused(samlResponse: string, email: string, reason: RegExp) {
  const answered = await postToAcs(samlResponse, '/');
  expect(answered.status, answered.text).toBe(403);
  expect(answered.text).toMatch(reason);
  expect(answered.cookie).toBeUndefined();
  expect(answered.text).not.toMatch(/<script/i);
  expect(await server.services.repos.users.findByEmail(email)).toBeNull();
}

describe('SAML service provider', () => {
  it("serves its metadata at the provider's service entityID", async () => {
    const response = await fetch(local(provider.service.entityID));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
    const xml = await response.text();
    expect(xml).toContain(`entityID="${provider.service.entityID}"`);
    expect(xml).toMatch(
      /<AssertionConsumerService[^>]+Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"/,
    );
    expect(xml).toContain(`Location="${provider.service.acsURL}"`);
  });

  it('starts a sign-in with an AuthnRequest naming this service, its ACS and the return path', async () => {
    const request = await start('/o/somewhere?tab=members');
    expect(request.issuer).toBe(provider.service.entityID);
    expect(request.acsURL).toBe(provider.service.acsURL);
    expect(request.relayState).toBe('/o/somewhere?tab=members');
    expect(request.id).toMatch(/^_/);
  });

  it('keeps the return path on this origin', async () => {
    for (const elsewhere of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
    ])
      expect((await start(elsewhere)).relayState, elsewhere).toBe('/');
  });

  it('answers 404 for an unknown provider and a pending one', async () => {
    const pending = await server.api(`/v1/orgs/${org.organization.id}/saml`, {
      method: 'POST',
      token: org.admin.token,
      body: { label: 'Not yet' },
    });
    for (const id of ['nosuchprovider', pending.body.id]) {
      const response = await fetch(`${server.url}/saml/${id}/start`, { redirect: 'manual' });
      expect(response.status).toBe(404);
    }
  });
});

describe('SAML sign-in', () => {
  it("signs a new person in through the provider's form: a user, a member with the default role and team", async () => {
    const email = newEmail();
    idp.person = { email, displayName: 'Ada Lovelace' };
    const request = await start('/o/welcome');
    const answered = await throughIdp(request.location);
    expect(answered.status, answered.text).toBe(303);
    expect(answered.location).toBe('/o/welcome');
    const user = await signedInUser(answered.cookie);
    expect(user).toMatchObject({ email });
    const stored = await server.services.repos.users.findByEmail(email);
    expect(stored).toMatchObject({ displayName: 'Ada Lovelace', isInstanceAdmin: false });
    const member = await server.services.repos.members.find(org.organization.id, stored!.id);
    expect(member).toMatchObject({ role: 'edit', sso: true, disabled: false });
    expect(
      await server.services.repos.teams.findMembership(org.organization.id, teamId, stored!.id),
    ).toMatchObject({
      role: 'member',
    });

    // The next sign-in is the same person: no second user or membership.
    const again = await throughIdp((await start()).location);
    expect(again.status, again.text).toBe(303);
    expect(again.location).toBe('/');
    expect((await signedInUser(again.cookie))?.id).toBe(stored!.id);
    expect(
      (await server.services.repos.organizations.findById(org.organization.id))?.memberCount,
    ).toBeGreaterThan(1);
  });

  it('signs an existing member in as themselves, their role kept; refuses an account outside the organization', async () => {
    const member = await createUser(server);
    await addOrganizationMember(server.services, {
      organizationId: org.organization.id,
      user: member.user,
      role: 'read',
    });
    idp.person = { email: member.user.email.toUpperCase() };
    const answered = await throughIdp((await start()).location);
    expect(answered.status, answered.text).toBe(303);
    expect((await signedInUser(answered.cookie))?.id).toBe(member.user.id);
    expect(await server.services.repos.members.find(org.organization.id, member.user.id)).toMatchObject({
      role: 'read',
    });

    const outsider = await createUser(server);
    idp.person = { email: outsider.user.email };
    const refused = await throughIdp((await start()).location);
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/not a member of this organization/);
    expect(refused.cookie).toBeUndefined();
    expect(await server.services.repos.members.find(org.organization.id, outsider.user.id)).toBeNull();
  });
});

describe('SAML responses refused', () => {
  it('unsigned', async () => {
    const { options } = await answer();
    await expectRefused(
      base64(responseXml({ ...options, sign: 'none' })),
      options.email,
      /refused: .*signature/i,
    );
  });

  it('signed by another key', async () => {
    const { options } = await answer();
    await expectRefused(base64(responseXml({ ...options, key: OTHER_KEY })), options.email, /signature/i);
  });

  it('expired (past NotOnOrAfter and the clock skew) and not yet valid', async () => {
    const expired = await answer({ notBeforeMs: -10 * 60_000, notOnOrAfterMs: -2 * 60_000 });
    await expectRefused(base64(expired.xml), expired.options.email, /refused/);
    const early = await answer({ notBeforeMs: 5 * 60_000, notOnOrAfterMs: 10 * 60_000 });
    await expectRefused(base64(early.xml), early.options.email, /refused/);
  });

  it('for another audience', async () => {
    const { options, xml } = await answer({ audience: 'https://another-service.test/metadata' });
    await expectRefused(base64(xml), options.email, /audience/i);
  });

  it('sent to another destination, or for another recipient', async () => {
    const destination = await answer({ destination: 'https://another-service.test/acs' });
    await expectRefused(
      base64(destination.xml),
      destination.options.email,
      /sent to https:\/\/another-service/,
    );
    const recipient = await answer({ recipient: 'https://another-service.test/acs' });
    await expectRefused(base64(recipient.xml), recipient.options.email, /another recipient/);
  });

  it('issued by another identity provider', async () => {
    const { options, xml } = await answer({ issuer: 'http://another-idp.test/metadata' });
    await expectRefused(base64(xml), options.email, /another identity provider/);
  });

  it('answering a request this service never sent', async () => {
    const options: ResponseOptions = {
      acsURL: provider.service.acsURL,
      audience: provider.service.entityID,
      inResponseTo: '_never-sent',
      email: newEmail(),
    };
    await expectRefused(base64(responseXml(options)), options.email, /answers no sign-in started here/);
  });

  it('unsolicited (IdP-initiated), refused by default', async () => {
    const options: ResponseOptions = {
      acsURL: provider.service.acsURL,
      audience: provider.service.entityID,
      email: newEmail(),
    };
    await expectRefused(
      base64(responseXml(options)),
      options.email,
      /started at the identity provider are not accepted/,
    );
  });

  it('replayed: an assertion is used once', async () => {
    const { options, xml } = await answer();
    const first = await postToAcs(base64(xml));
    expect(first.status, first.text).toBe(303);
    const replay = await postToAcs(base64(xml));
    expect(replay.status).toBe(403);
    expect(replay.cookie).toBeUndefined();
    // The request id was spent by the first use: the replay fails on it or on the assertion id.
    expect(replay.text).toMatch(/used already|answers no sign-in/);
    expect(await server.services.repos.users.findByEmail(options.email)).not.toBeNull();

    // The same assertion id in a fresh, validly signed response is refused too (a replay cache, not only the request).
    const request = await start();
    const reused = responseXml({
      ...options,
      inResponseTo: request.id,
      assertionId: /ID="(_a[^"]+)"/.exec(xml)![1]!,
    });
    const refused = await postToAcs(base64(reused));
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/used already/);
  });

  it('an XML signature-wrapping attack: a forged assertion around the signed one', async () => {
    const request = await start();
    const attacker = newEmail();
    const victim = newEmail();
    const base = {
      acsURL: provider.service.acsURL,
      audience: provider.service.entityID,
      inResponseTo: request.id,
    };
    const signedId = `_a${Date.now()}signed`;
    const signed = signElement(
      assertionXml({ ...base, email: attacker }, signedId),
      'Assertion',
      signedId,
      IDP_KEY,
    );
    const forged = assertionXml({ ...base, email: victim }, `_a${Date.now()}forged`).replace(
      '</saml:Subject>',
      `</saml:Subject><saml:Advice>${signed}</saml:Advice>`,
    );
    await expectRefused(base64(responseXml({ ...base, email: victim }, forged)), victim, /signature/i);
    expect(await server.services.repos.users.findByEmail(attacker)).toBeNull();
  });

  it('an XML signature-wrapping attack: a forged assertion beside the signed one, with its ID', async () => {
    const request = await start();
    const victim = newEmail();
    const base = {
      acsURL: provider.service.acsURL,
      audience: provider.service.entityID,
      inResponseTo: request.id,
    };
    const signedId = `_a${Date.now()}twin`;
    const signed = signElement(
      assertionXml({ ...base, email: newEmail() }, signedId),
      'Assertion',
      signedId,
      IDP_KEY,
    );
    const forged = assertionXml({ ...base, email: victim }, signedId);
    await expectRefused(
      base64(responseXml({ ...base, email: victim }, forged + signed)),
      victim,
      /multiple assertions|signature/i,
    );
  });

  it('a form without a response, one too large, and responses that are no SAML (an entity bomb among them)', async () => {
    const empty = await fetch(local(provider.service.acsURL), {
      method: 'POST',
      body: new URLSearchParams({}),
    });
    expect(empty.status).toBe(400);
    const huge = await fetch(local(provider.service.acsURL), {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: 'A'.repeat(600 * 1024) }),
    });
    expect(huge.status).toBe(413);
    for (const garbage of [
      'not base64 at all!',
      base64('<samlp:Response'),
      // An entity-expansion bomb: refused, never expanded.
      base64(
        `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "${'x'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&b;&b;&b;</samlp:Response>`,
      ),
    ]) {
      const answered = await postToAcs(garbage);
      expect(answered.status, garbage).toBe(403);
      expect(answered.cookie).toBeUndefined();
    }
  });
});
