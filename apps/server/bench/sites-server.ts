/**
 * The server side of `bench/sites.ts`, in its own process: Quire over a fresh embedded store
 * with one published public site of 50 sections and 500 site spaces (10 per section, over 10
 * spaces), half of them behind conditions on the visitor's claims; and a bare Fastify route
 * answering the published view's own body. Prints one JSON line, then serves until killed.
 */
import { operations } from '@quire/domain';
import Fastify from 'fastify';
import { seedOrganization, startBenchServer } from './bench-server';

const SECTIONS = 50;
const SITE_SPACES_PER_SECTION = 10;

const quire = await startBenchServer('sites');
const { token, organization, owner } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const { services } = quire;
const caller = { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false };
const ctx = { ...services, caller };

const spaces: Array<{ id: string }> = [];
for (let i = 0; i < 10; i++)
  spaces.push(
    await operations.spaces.create.run(ctx, { organizationId: organization.id, title: `Space ${i}` }),
  );
const site = await operations.sites.create.run(ctx, { organizationId: organization.id, title: 'Bench site' });
const record = await services.repos.sites.findById(site.id);
if (!record) throw new Error('bench: the site was not stored');

const condition = (i: number) =>
  i % 2 === 0
    ? 'visitor.claims.unsigned.beta == true'
    : 'visitor.claims.pro && !visitor.claims.unsigned.beta';
const sections = Array.from({ length: SECTIONS }, (_, s) => ({
  id: `section-${s}`,
  title: `Section ${s}`,
  path: `section-${s}`,
  ...(s % 2 === 1 ? { condition: condition(s) } : {}),
  siteSpaces: Array.from({ length: SITE_SPACES_PER_SECTION }, (_, v) => ({
    id: `site-space-${s}-${v}`,
    spaceId: spaces[v]!.id,
    path: `variant-${v}`,
    ...(v % 2 === 1 ? { condition: condition(v) } : {}),
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
    pro: { type: 'boolean', description: 'On the pro plan' },
  },
  additionalProperties: false,
};
const built = {
  ...record,
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

const publishedPath = `/v1/orgs/${organization.id}/sites/${site.id}/published`;
const publishedBody = await (await fetch(quire.url + publishedPath)).text();
const payload = JSON.parse(publishedBody);
const bare = Fastify({ logger: false });
bare.get('/published', async () => payload);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  JSON.stringify({ quire: quire.url, bare: bareUrl, token, publishedPath, bytes: publishedBody.length }),
);
