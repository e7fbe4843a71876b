/**
 * The server side of `bench/page-document.ts`, in its own process: Quire over a fresh
 * embedded store with a space of 5,000 pages (50 top-level pages of 100 subpages each), every
 * page a different body of about 3 KB of GitBook blocks; and, in the same process, a bare
 * Fastify route answering one page's document with the same headers Quire sent, and `/cpu`
 * (this process's CPU time so far). Prints one JSON line, then serves until killed.
 *
 * The pages are written as one revision straight through the domain (`writeRevision`): the
 * content batch would read every body once more as untrusted markdown (about 15 MB here),
 * which is the write path's cost, not the read's being measured.
 */
import { normalizeMarkdown } from '@quire/documents';
import {
  advanceSpace,
  type BodyObject,
  type ContentObject,
  contentAddressOf,
  operations,
  positionBetween,
  type StoredPage,
  writeRevision,
} from '@quire/domain';
import Fastify from 'fastify';
import { seedOrganization, startBenchServer } from './bench-server';
import { pageBody } from './gitbook-format-repository';

const GROUPS = 50;
const PER_GROUP = 100;
/** Distinct page texts of GitBook blocks; each page adds a line of its own, so every body differs. */
const TEMPLATES = 8;

const quire = await startBenchServer('page-document');
const { token, organization, owner } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const { services } = quire;
const ctx = { ...services, caller: { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false } };
const space = await operations.spaces.create.run(ctx, {
  organizationId: organization.id,
  title: 'Big space',
});

const templates = Array.from({ length: TEMPLATES }, (_, n) => normalizeMarkdown(pageBody(n, '')));
const now = new Date().toISOString();
const pages = new Map<string, StoredPage>();
const objects = new Map<string, ContentObject>();
function addPage(id: string, title: string, parentId: string | null, position: string, n: number) {
  const body: BodyObject = {
    kind: 'body',
    markdown: `${templates[n % TEMPLATES]}\nPage ${n} of the bench.\n`,
  };
  const address = contentAddressOf(body);
  objects.set(address, body);
  pages.set(id, {
    id,
    title,
    slug: `page-${n}`,
    hidden: false,
    position,
    createdAt: now,
    updatedAt: now,
    body: address,
    parentId,
  });
}
const pageIds: string[] = [];
let groupPosition: string | null = null;
for (let g = 0; g < GROUPS; g++) {
  groupPosition = positionBetween(groupPosition, null);
  const groupId = `group-${g}`;
  addPage(groupId, `Group ${g}`, null, groupPosition, g * (PER_GROUP + 1));
  let position: string | null = null;
  for (let i = 0; i < PER_GROUP; i++) {
    position = positionBetween(position, null);
    const id = `page-${g}-${i}`;
    addPage(id, `Page ${g}.${i}`, groupId, position, g * (PER_GROUP + 1) + i + 1);
    pageIds.push(id);
  }
}
const stored = await services.repos.spaces.findById(space.id);
if (!stored) throw new Error('bench: the space was not stored');
const { revision } = await advanceSpace(ctx, stored, async (current, head) => ({
  revision: await writeRevision(ctx, {
    space: current,
    parents: [head],
    kind: 'edits',
    createdBy: owner.id,
    pages,
    files: [],
    objects,
  }),
}));

// As GitBook's renderer asks for a page's document: expressions evaluated.
const documentPath = (pageId: string) =>
  `/v1/spaces/${space.id}/revisions/${revision.id}/page/${pageId}/document?evaluated=deterministic-only`;
// The bare route: one page's document, with the headers Quire answered it with.
const sample = await fetch(quire.url + documentPath(`group-0`), {
  headers: { authorization: `Bearer ${token}` },
});
const sampleBody = await sample.text();
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);
const sampleHeaders = Object.fromEntries([...sample.headers].filter(([name]) => !HOP_BY_HOP.has(name)));
const bare = Fastify({ logger: false });
bare.get('/document', async (_request, reply) => reply.headers(sampleHeaders).send(sampleBody));
bare.get('/cpu', async () => process.cpuUsage());
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  JSON.stringify({
    quire: quire.url,
    bare: bareUrl,
    token,
    paths: pageIds.map(documentPath),
    pages: pages.size,
    bodyBytes: Buffer.byteLength(templates[0] ?? ''),
    documentBytes: sampleBody.length,
  }),
);
