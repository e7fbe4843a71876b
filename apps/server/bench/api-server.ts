/**
 * The server side of `bench/api.ts`, in its own process: Quire over a fresh embedded store,
 * seeded with one organization of 100 members, and a bare Fastify server whose routes
 * return fixed JSON bodies of the sizes the parent asks for. Prints one JSON line with the
 * ports and fixtures, then serves until killed.
 *
 * The bare server (`bare-api.ts`) has each body twice: plain (`/org`, `/members`), and with
 * the headers every API answer of Quire carries (`/headers/org`, `/headers/members`), which
 * is what Quire's ratio is measured against; `/cpu` answers the process's CPU time, so the
 * parent can count the server's CPU per request.
 */
import { buildBareApi } from './bare-api';
import { seedOrganization, startBenchServer } from './bench-server';

const quire = await startBenchServer('api');
const { token, organization } = await seedOrganization(quire, { members: 99, memberName: 'Member' });

// The bare routes answer with bodies copied from Quire's own answers, so sizes match.
const fetchJson = async (path: string) =>
  (await fetch(quire.url + path, { headers: { authorization: `Bearer ${token}` } })).text();
const orgBody = await fetchJson(`/v1/orgs/${organization.id}`);
const membersBody = await fetchJson(`/v1/orgs/${organization.id}/members?limit=100`);

const bare = buildBareApi(JSON.parse(orgBody), JSON.parse(membersBody));
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
