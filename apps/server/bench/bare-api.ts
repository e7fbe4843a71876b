/**
 * The bare Fastify server the API benchmarks hold Quire to: fixed JSON bodies (copied from
 * Quire's own answers, so sizes match), each twice: plain (`/org`, `/members`), and with the
 * headers every API answer of Quire carries (`/headers/org`, `/headers/members`): a request
 * id made the way Quire makes it, the security set, and the three rate-limit headers, their
 * figures moving as Quire's do. The second is what Quire's ratio is measured against, so
 * the figure is what Quire adds to a route that must send the same answer. `/cpu` answers
 * the process's CPU time, so a parent process can count the server's CPU per request.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_SECURITY_HEADERS } from '../src/http/security-headers';

const RATE_LIMIT = 1_000_000_000;
const WINDOW_MS = 60_000;

export function buildBareApi(orgPayload: unknown, membersPayload: unknown): FastifyInstance {
  const bare = Fastify({ logger: false, genReqId: () => randomUUID() });
  bare.get('/org', async () => orgPayload);
  bare.get('/members', async () => membersPayload);
  // The process's CPU time (Quire and the bare server both live here), read around each run.
  bare.get('/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { micros: user + system };
  });

  // The same bodies with the headers of an API answer (see `app.ts` and `http/rate-headers.ts`).
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
  return bare;
}
