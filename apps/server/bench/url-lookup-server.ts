/**
 * The server side of `bench/url-lookup.ts`, in its own process: Quire over a fresh embedded
 * store with one published public site of 10 sections of 10 site spaces (over 10 spaces, a
 * third of the sections behind a condition on unsigned claims), and a bare Fastify server
 * answering a lookup's own body to a POST of the same body: plain (`/v1/urls/published`) and
 * with the headers the lookup's answer carries (`/headers/v1/urls/published`: a request id
 * made as Quire makes it, the security set, `Cache-Control`, the rate-limit headers and the
 * cache tags). `/cpu` answers the process's CPU time (Quire and the bare server both live
 * here). Also measures the lookup operation alone, in process (`executeOperation`, anonymous:
 * CPU per call). Prints one JSON line, then serves until killed.
 */
import { randomUUID } from 'node:crypto';
import { executeOperation, operations } from '@quire/domain';
import Fastify from 'fastify';
import { API_SECURITY_HEADERS } from '../src/http/security-headers';
import { seedOrganization, startBenchServer } from './bench-server';

const SECTIONS = 10;
const SITE_SPACES_PER_SECTION = 10;

const quire = await startBenchServer('url-lookup');
const { organization, owner } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const { services } = quire;
const ctx = { ...services, caller: { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false } };

const spaces: Array<{ id: string }> = [];
for (let i = 0; i < SITE_SPACES_PER_SECTION; i++)
  spaces.push(
    await operations.spaces.create.run(ctx, { organizationId: organization.id, title: `Space ${i}` }),
  );
const site = await operations.sites.create.run(ctx, { organizationId: organization.id, title: 'Bench site' });
const record = await services.repos.sites.findById(site.id);
if (!record) throw new Error('bench: the site was not stored');
const sections = Array.from({ length: SECTIONS }, (_, s) => ({
  id: `section-${s}`,
  title: `Section ${s}`,
  path: `section-${s}`,
  ...(s % 3 === 1 ? { condition: 'visitor.claims.unsigned.beta == true' } : {}),
  siteSpaces: Array.from({ length: SITE_SPACES_PER_SECTION }, (_, v) => ({
    id: `site-space-${s}-${v}`,
    spaceId: spaces[v]!.id,
    path: `variant-${v}`,
  })),
}));
const jsonSchema = {
  type: 'object',
  properties: {
    unsigned: {
      type: 'object',
      properties: { beta: { type: 'boolean', description: 'In the beta programme' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
const built = {
  ...record,
  basename: 'bench',
  published: true,
  adaptiveContent: { enabled: true },
  adaptiveSchema: { jsonSchema, updatedAt: record.createdAt },
  structure: {
    sections,
    groups: [],
    items: sections.map((section) => ({ type: 'section' as const, id: section.id })),
    siteSpaces: [],
  },
  spaceIds: spaces.map((space) => space.id),
  version: record.version + 1,
};
if (!(await services.repos.sites.replace(built, record.version))) throw new Error('bench: the site changed');

const body = JSON.stringify({
  url: `${services.urls.app}/~sites/${organization.id}/bench/section-5/variant-3/getting-started/install`,
  visitor: { unsignedClaims: { beta: true } },
});
const answer = await fetch(`${quire.url}/v1/urls/published`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
});
const answerText = await answer.text();
if (!answer.ok) throw new Error(`bench: the lookup answered ${answer.status} ${answerText}`);
const payload = JSON.parse(answerText);
const cacheTags = answer.headers.get('x-gitbook-cache-tag') ?? '';
const bare = Fastify({ logger: false, genReqId: () => randomUUID() });
bare.post('/v1/urls/published', async () => payload);
bare.get('/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
});
const RATE_LIMIT = 1_000_000_000;
let remaining = RATE_LIMIT;
bare.post('/headers/v1/urls/published', async (request, reply) => {
  reply.header('x-request-id', request.id);
  reply.headers(API_SECURITY_HEADERS);
  reply.header('cache-control', 'no-store');
  reply.header('x-ratelimit-limit', RATE_LIMIT);
  reply.header('x-ratelimit-remaining', --remaining);
  reply.header('x-ratelimit-reset', Math.ceil((Date.now() + 60_000) / 1000));
  reply.header('x-gitbook-cache-tag', cacheTags);
  return payload;
});
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

// The operation alone, in process (no HTTP, no face): its CPU per call, the least of 3 runs.
const lookupInput = JSON.parse(body);
const anonymous = { ...services, caller: null };
const lookupOnce = () => executeOperation(operations.urls.published, anonymous, lookupInput);
for (let i = 0; i < 2000; i++) await lookupOnce();
let operationCpu = Number.POSITIVE_INFINITY;
for (let run = 0; run < 3; run++) {
  const before = process.cpuUsage();
  for (let i = 0; i < 2000; i++) await lookupOnce();
  const used = process.cpuUsage(before);
  operationCpu = Math.min(operationCpu, (used.user + used.system) / 2000);
}

console.log(
  JSON.stringify({ quire: quire.url, bare: bareUrl, body, bytes: answerText.length, operationCpu }),
);
