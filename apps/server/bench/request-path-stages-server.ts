/**
 * The server side of `bench/request-path-stages.ts`, in its own process: Quire as `api-cpu.ts`
 * builds it (a fresh embedded store, rate limits on with budgets no run spends, 100 members),
 * listening, with routes that stop the REST path of `GET ORG` at each of its stages, and the
 * bare Fastify server of `bare-api.ts`. Each stage route answers the organization's body:
 *
 * - `/v1/bench-stage/constant`: Quire's hooks and the rate-limit headers, nothing else;
 * - `/v1/bench-stage/gate`: and the request gate (`RequestGate.open`: the bearer token through
 *   the token cache, the operation context);
 * - `/v1/bench-stage/execute/:organizationId`: and `executeOperation` of `orgs.get` (its input
 *   validated, the caller authorized, the organization read and presented);
 * - `/v1/bench-stage/run/:organizationId`: `runOperation` instead (the operation charged to the
 *   token's budget, with its `X-RateLimit-*` headers);
 * - and the real route, `/v1/orgs/:organizationId` (input assembled from the path, cache tags).
 *
 * The stage routes open requests through a gate of their own, built as `app.ts` builds the
 * app's (the same services, rate limits over the same store, a token cache). Prints one JSON
 * line with the addresses, the token and the organization's id, then serves until killed.
 */

import { executeOperation, operations } from '@quire/domain';
import type { FastifyReply } from 'fastify';
import { runOperation } from '../src/faces/run-operation';
import { RateLimits } from '../src/http/rate-limits';
import { requestFactsOf } from '../src/http/request-facts';
import { TokenCache } from '../src/http/token-cache';
import { RequestGate } from '../src/request-context';
import { buildBareApi } from './bare-api';
import { buildBenchApp, seedOrganization } from './bench-server';

const { config, store, app, services } = await buildBenchApp('stages');
const gate = new RequestGate(services, new RateLimits(store, config.rateLimits), new TokenCache(services));

let organizationBody: unknown;
let remaining = 1_000_000_000;
type OrganizationParams = { Params: { organizationId: string } };
/** The rate-limit headers every API answer carries, as a stage that runs no charge sends them. */
const rateHeaders = (reply: FastifyReply) => {
  reply.header('x-ratelimit-limit', 1_000_000_000);
  reply.header('x-ratelimit-remaining', --remaining);
  reply.header('x-ratelimit-reset', Math.ceil((Date.now() + 60_000) / 1000));
};
app.get('/v1/bench-stage/constant', async (_request, reply) => {
  rateHeaders(reply);
  return organizationBody;
});
app.get('/v1/bench-stage/gate', async (request, reply) => {
  await gate.open(requestFactsOf(request, reply));
  rateHeaders(reply);
  return organizationBody;
});
app.get<OrganizationParams>('/v1/bench-stage/execute/:organizationId', async (request, reply) => {
  const access = await gate.open(requestFactsOf(request, reply));
  rateHeaders(reply);
  return executeOperation(operations.orgs.get, access.ctx, { organizationId: request.params.organizationId });
});
app.get<OrganizationParams>('/v1/bench-stage/run/:organizationId', async (request, reply) => {
  const access = await gate.open(requestFactsOf(request, reply));
  return runOperation(operations.orgs.get, access, { organizationId: request.params.organizationId });
});

const quire = await app.listen({ port: 0, host: '127.0.0.1' });
const { token, organization } = await seedOrganization({ app, services } as never, {
  members: 99,
  memberName: 'Member',
});
const orgBody = (
  await app.inject({ url: `/v1/orgs/${organization.id}`, headers: { authorization: `Bearer ${token}` } })
).body;
organizationBody = JSON.parse(orgBody);
const bare = buildBareApi(organizationBody, {});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(JSON.stringify({ quire, bare: bareUrl, token, organizationId: organization.id }));
