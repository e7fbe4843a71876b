/**
 * The server side of `bench/api.ts`, in its own process: Quire over a fresh embedded store,
 * seeded with one organization of 100 members, and a bare Fastify server whose routes
 * return fixed JSON bodies of the sizes the parent asks for. Prints one JSON line with the
 * ports and fixtures, then serves until killed.
 *
 * The bare server has each body twice: plain (`/org`, `/members`), and with the headers
 * every API answer of Quire carries (`/headers/org`, `/headers/members`): a request id
 * made the way Quire makes it, the security set, and the three rate-limit headers, their
 * figures moving as Quire's do. The second is what Quire's ratio is measured against, so
 * the figure is what Quire adds to a route that must send the same answer. `/cpu` answers the
 * process's CPU time, so the parent can count the server's CPU per request.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { API_SECURITY_HEADERS } from '../src/http/security-headers';
import { seedOrganization, startBenchServer } from './bench-server';

const quire = await startBenchServer('api');
const { token, organization } = await seedOrganization(quire, { members: 99, memberName: 'Member' });

// The bare routes answer with bodies copied from Quire's own answers, so sizes match.
const fetchJson = async (path: string) =>
  (await fetch(quire.url + path, { headers: { authorization: `Bearer ${token}` } })).text();
const orgBody = await fetchJson(`/v1/orgs/${organization.id}`);
const membersBody = await fetchJson(`/v1/orgs/${organization.id}/members?limit=100`);

const bare = Fastify({ logger: false, genReqId: () => randomUUID() });
const orgPayload = JSON.parse(orgBody);
const membersPayload = JSON.parse(membersBody);
bare.get('/org', async () => orgPayload);
bare.get('/members', async () => membersPayload);
// The process's CPU time (Quire and the bare server both live here), read around each run.
bare.get('/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
});

// The same bodies with the headers of an API answer (see `app.ts` and `http/rate-headers.ts`).
const RATE_LIMIT = 1_000_000_000;
const WINDOW_MS = 60_000;
let remaining = RATE_LIMIT;
bare.register(
  async (withHeaders) => {
    withHeaders.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      reply.headers(API_SECURITY_HEADERS);
      done();
    });
    const rateHeaders = (reply: { header(name: string, value: number): unknown }) => {
      reply.header('x-ratelimit-limit', RATE_LIMIT);
      reply.header('x-ratelimit-remaining', --remaining);
      reply.header('x-ratelimit-reset', Math.ceil((Date.now() + WINDOW_MS) / 1000));
    };
    withHeaders.get('/org', async (_request, reply) => {
      rateHeaders(reply);
      return orgPayload;
    });
    withHeaders.get('/members', async (_request, reply) => {
      rateHeaders(reply);
      return membersPayload;
    });
  },
  { prefix: '/headers' },
);
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
