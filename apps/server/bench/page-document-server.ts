/**
 * The server side of `bench/page-document.ts`, in two processes of its own so that the read is
 * measured as a fresh process makes it (nothing of the content in memory):
 *
 * 1. Writer (no `BENCH_DATA_DIR`): Quire over a fresh embedded store with a space of 5,000
 *    pages (50 top-level pages of 100 subpages each), every page a different body of about
 *    3 KB of GitBook blocks; then the documents derived as the write path's warm-up derives
 *    them after an edit (`deriveRevisionDocuments`, waited for). Writes the
 *    fixture next to the data, closes the store, prints `{"dataDir": ...}` and exits.
 * 2. Reader (`BENCH_DATA_DIR` set): Quire over that store, and, in the same process, a bare
 *    Fastify route answering one page's document with the same headers Quire sent, and `/cpu`
 *    (this process's CPU time so far). Prints one JSON line, then serves until killed.
 *
 * The pages are written as one revision straight through the domain (`writeRevision`): the
 * content batch would read every body once more as untrusted markdown (about 15 MB here),
 * which is the write path's cost, not the read's being measured.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeMarkdown } from '@quire/documents';
import {
  advanceSpace,
  type BodyObject,
  type ContentObject,
  contentAddressOf,
  documentAddressOf,
  operations,
  positionBetween,
  type StoredPage,
  writeRevision,
} from '@quire/domain';
import Fastify from 'fastify';
import { parseConfig } from '../src/config';
import { startServer } from '../src/server';
import { seedOrganization } from './bench-server';
import { pageBody } from './gitbook-format-repository';

interface WrittenFixture {
  token: string;
  paths: string[];
  pages: number;
  bodyBytes: number;
  /** Seconds the write path's derivation of every document took. */
  deriveSeconds: number;
}

/** `bench-server.ts`' settings (rate limits with budgets no run can spend) over `dir`. */
const benchConfig = (dir: string) =>
  parseConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    QUIRE_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    QUIRE_RATE_LIMIT: '1000000000',
    QUIRE_AUTH_FAILURE_LIMIT: '1000000000',
  });

const dataDir = process.env.BENCH_DATA_DIR;
if (dataDir === undefined) await writeFixture();
else await serveFixture(dataDir);

async function writeFixture() {
  const GROUPS = 50;
  const PER_GROUP = 100;
  /** Distinct page texts of GitBook blocks; each page adds a line of its own, so every body differs. */
  const TEMPLATES = 8;

  // The bench server's settings over a data directory of our own, kept when closed.
  const dir = await mkdtemp(join(tmpdir(), 'quire-bench-page-document-'));
  const server = await startServer(benchConfig(dir), { logger: false });
  const quire = { ...server, dataDir: dir };
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
  // The write path's warm-up derives the documents after the edit (the space's event): waited
  // for, and timed, here.
  const started = performance.now();
  const bodies = [...pages.values()].map((page) => documentAddressOf(page.body));
  while ((await services.repos.contentObjects.getMany(bodies)).size < bodies.length)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const deriveSeconds = (performance.now() - started) / 1000;
  const fixture: WrittenFixture = {
    token,
    // The sample the bare route answers first, the measured pages after it.
    paths: ['group-0', ...pageIds].map(documentPath),
    pages: pages.size,
    bodyBytes: Buffer.byteLength(templates[0] ?? ''),
    deriveSeconds,
  };
  await writeFile(join(quire.dataDir, 'bench-fixture.json'), JSON.stringify(fixture));
  await server.close();
  console.log(JSON.stringify({ dataDir: quire.dataDir }));
  process.exit(0);
}

async function serveFixture(dir: string) {
  const fixture = JSON.parse(await readFile(join(dir, 'bench-fixture.json'), 'utf8')) as WrittenFixture;
  const quire = await startServer(benchConfig(dir), { logger: false });
  // Stopped by the bench: exits, so that a CPU profile (`node --cpu-prof`) is written.
  process.once('SIGTERM', () => process.exit(0));
  const [samplePath, ...paths] = fixture.paths;
  // The bare route: one page's document, with the headers Quire answered it with.
  const sample = await fetch(quire.url + samplePath, {
    headers: { authorization: `Bearer ${fixture.token}` },
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
      token: fixture.token,
      paths,
      pages: fixture.pages,
      bodyBytes: fixture.bodyBytes,
      documentBytes: sampleBody.length,
      deriveSeconds: fixture.deriveSeconds,
    }),
  );
}
