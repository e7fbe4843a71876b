/**
 * The server side of `bench/api.ts`, in its own process: Quire over a fresh embedded store,
 * seeded with one organization of 100 members, and a bare Fastify server whose routes
 * return fixed JSON bodies of the sizes the parent asks for. Prints one JSON line with the
 * ports and fixtures, then serves until killed.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addOrganizationMember, createOrganizationWithOwner, createUser, issueApiToken } from '@quire/domain';
import Fastify from 'fastify';
import { parseConfig } from '../src/config';
import { startServer } from '../src/server';

const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-'));
// Rate limits stay on (their cost is part of every request) with budgets no run can spend.
const config = parseConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  QUIRE_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  QUIRE_RATE_LIMIT: '1000000000',
  QUIRE_AUTH_FAILURE_LIMIT: '1000000000',
});
const quire = await startServer(config, { logger: false });
const { services } = quire;

const owner = await createUser(services, {
  displayName: 'Bench Owner',
  email: 'owner@bench.test',
  isInstanceAdmin: false,
});
const { token } = await issueApiToken(services, { userId: owner.id, name: 'bench' });
const organization = await createOrganizationWithOwner(services, { title: 'Bench Org', owner });
for (let i = 0; i < 99; i++) {
  const user = await createUser(services, {
    displayName: `Member ${i}`,
    email: `member-${i}@bench.test`,
    isInstanceAdmin: false,
  });
  await addOrganizationMember(services, { organizationId: organization.id, user, role: 'read' });
}

// The bare routes answer with bodies copied from Quire's own answers, so sizes match.
const fetchJson = async (path: string) =>
  (await fetch(quire.url + path, { headers: { authorization: `Bearer ${token}` } })).text();
const orgBody = await fetchJson(`/v1/orgs/${organization.id}`);
const membersBody = await fetchJson(`/v1/orgs/${organization.id}/members?limit=100`);

const bare = Fastify({ logger: false });
const orgPayload = JSON.parse(orgBody);
const membersPayload = JSON.parse(membersBody);
bare.get('/org', async () => orgPayload);
bare.get('/members', async () => membersPayload);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  JSON.stringify({
    quire: quire.url,
    bare: bareUrl,
    token,
    organizationId: organization.id,
    orgBytes: orgBody.length,
    membersBytes: membersBody.length,
  }),
);
