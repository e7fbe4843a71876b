/**
 * The SAML routes of two servers over one store (`registerSaml` alone, on two listening
 * Fastify instances: the cost of a full server is not needed here), one of them accepting
 * IdP-initiated sign-ins: a request started on one server is answered on the other, an
 * assertion accepted by one is refused by the other (the replay cache is the store's), and an
 * unsolicited response is accepted where the setting allows it, once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SamlProviderRecord } from '@quire/domain';
import type { Store } from '@quire/store';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { buildServices, type Services } from '../../src/services';
import { registerSaml, SAML_REFUSAL_LIMITS } from '../../src/sso/register-saml';
import { createOrganization } from '../support/factories';
import { openMemoryStore } from '../support/memory-store';
import { testConfig } from '../support/test-domain';
import { base64, IDP_CERTIFICATE, IDP_ENTITY_ID, readAuthnRequest, responseXml } from './saml-test-idp';

let services: Services;
let store: Store;
let dataDir: string;
let strict: { app: FastifyInstance; url: string };
let lenient: { app: FastifyInstance; url: string };
let guarded: { app: FastifyInstance; url: string };
/** A server whose public URL is https: its requests are bound to the browser that started them. */
let bound: { app: FastifyInstance; url: string; services: Services };
let provider: SamlProviderRecord;
const acsURL = () => `http://quire.test/saml/${provider.id}/acs`;
const audience = () => `http://quire.test/saml/${provider.id}/metadata`;

async function samlServer(config: Config, allowIdpInitiated: boolean, limits = SAML_REFUSAL_LIMITS) {
  const app = Fastify();
  registerSaml(app, services, store, { ...config, samlIdpInitiated: allowIdpInitiated }, limits);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

beforeAll(async () => {
  store = await openMemoryStore();
  dataDir = await mkdtemp(join(tmpdir(), 'quire-saml-'));
  const config = testConfig(dataDir);
  services = await buildServices({ config, store });
  strict = await samlServer(config, false);
  lenient = await samlServer(config, true);
  guarded = await samlServer(config, true, { perWindow: 2, windowSeconds: 60 });
  const httpsConfig = testConfig(dataDir, { QUIRE_PUBLIC_URL: 'https://quire.test' });
  const httpsServices = await buildServices({ config: httpsConfig, store });
  const boundApp = Fastify();
  registerSaml(boundApp, httpsServices, store, httpsConfig);
  bound = {
    app: boundApp,
    url: await boundApp.listen({ port: 0, host: '127.0.0.1' }),
    services: httpsServices,
  };
  const org = await createOrganization({ services });
  provider = {
    id: 'loopbackidp',
    organizationId: org.organization.id,
    label: 'Loopback',
    entityID: IDP_ENTITY_ID,
    certificate: IDP_CERTIFICATE,
    ssoURL: 'http://127.0.0.1:9/sso',
    defaultRole: 'read',
    status: 'active',
    createdAt: new Date().toISOString(),
  };
  await services.repos.samlProviders.insert(provider);
});
afterAll(async () => {
  await strict?.app.close();
  await lenient?.app.close();
  await guarded?.app.close();
  await bound?.app.close();
  await bound?.services.events.close();
  await services?.events.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function post(serverUrl: string, xml: string, cookie?: string) {
  const response = await fetch(`${serverUrl}/saml/${provider.id}/acs`, {
    method: 'POST',
    body: new URLSearchParams({ SAMLResponse: base64(xml) }),
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  return {
    status: response.status,
    text: await response.text(),
    cookie: response.headers.getSetCookie().length,
  };
}

const person = (n: string) => `several-${n}-${Date.now().toString(36)}@example.test`;

it('answers on one server a request started on the other, and refuses the assertion again on either', async () => {
  const start = await fetch(`${strict.url}/saml/${provider.id}/start`, { redirect: 'manual' });
  const request = readAuthnRequest(start.headers.get('location') ?? '');
  const xml = responseXml({
    acsURL: acsURL(),
    audience: audience(),
    inResponseTo: request.id,
    email: person('a'),
  });
  const accepted = await post(lenient.url, xml);
  expect(accepted.status, accepted.text).toBe(303);
  expect(accepted.cookie).toBe(1);
  for (const url of [strict.url, lenient.url]) expect((await post(url, xml)).status).toBe(403);
});

it('accepts an IdP-initiated response where the setting allows it, once, and refuses it elsewhere', async () => {
  const email = person('b');
  const xml = responseXml({ acsURL: acsURL(), audience: audience(), email });
  const refused = await post(strict.url, xml);
  expect(refused.status).toBe(403);
  expect(refused.text).toMatch(/started at the identity provider are not accepted/);
  expect(await services.repos.users.findByEmail(email)).toBeNull();

  const accepted = await post(lenient.url, xml);
  expect(accepted.status, accepted.text).toBe(303);
  expect(await services.repos.users.findByEmail(email)).not.toBeNull();
  const replayed = await post(lenient.url, xml);
  expect(replayed.status).toBe(403);
  expect(replayed.text).toMatch(/used already/);
});

it('answers 429 to an address whose responses were refused too often, without reading them', async () => {
  const forged = responseXml({ acsURL: acsURL(), audience: audience(), email: person('c'), sign: 'none' });
  for (let i = 0; i < 2; i++) expect((await post(guarded.url, forged)).status).toBe(403);
  const email = person('d');
  const valid = responseXml({ acsURL: acsURL(), audience: audience(), email });
  const limited = await post(guarded.url, valid);
  expect(limited.status).toBe(429);
  expect(limited.text).toMatch(/Too many refused sign-ins/);
  expect(await services.repos.users.findByEmail(email)).toBeNull();
});

it('over https, accepts the answer to a request only from the browser that started it (login CSRF)', async () => {
  const https = (path: string) => `https://quire.test/saml/${provider.id}/${path}`;
  const startIn = async () => {
    const start = await fetch(`${bound.url}/saml/${provider.id}/start`, { redirect: 'manual' });
    const setCookie = start.headers.getSetCookie().find((c) => c.startsWith('quire_saml_request='));
    expect(setCookie).toMatch(
      new RegExp(
        `^quire_saml_request=_\\w+; Path=/saml/${provider.id}/acs; Max-Age=600; HttpOnly; Secure; SameSite=None$`,
      ),
    );
    return {
      id: readAuthnRequest(start.headers.get('location') ?? '').id,
      cookie: setCookie!.split(';')[0]!,
    };
  };
  const answer = (inResponseTo: string, email: string) =>
    responseXml({ acsURL: https('acs'), audience: https('metadata'), inResponseTo, email });

  const attackers = await startIn();
  expect(attackers.cookie).toBe(`quire_saml_request=${attackers.id}`);
  const victimsEmail = person('e');
  const elsewhere = await post(bound.url, answer(attackers.id, victimsEmail));
  expect(elsewhere.status).toBe(403);
  expect(elsewhere.text).toMatch(/started in another browser/);
  expect(await services.repos.users.findByEmail(victimsEmail)).toBeNull();

  const own = await startIn();
  const email = person('f');
  const accepted = await post(bound.url, answer(own.id, email), own.cookie);
  expect(accepted.status, accepted.text).toBe(303);
  expect(await services.repos.users.findByEmail(email)).not.toBeNull();
});
