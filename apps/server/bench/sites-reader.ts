/**
 * `node --import <tsx loader> bench/sites-reader.ts` (from apps/server): the targets of issue 29
 * (`bench/sites-reader`) on a public site over a space of 5,000 pages (50 top-level pages of 99
 * subpages each, about 700 bytes of typical documentation markdown a page, written through the
 * API), read at Quire's own `~sites` address:
 *
 * 1. a cached page (the render cache's answer) against a bare Fastify route answering the same
 *    HTML with the same headers (copied from Quire's answer: ETag, Cache-Control, Vary, the
 *    security set), one request at a time over keep-alive HTTP (`BENCH_CACHED` requests each,
 *    default 300): target Quire ≥ 50% of bare;
 * 2. an uncached page: `BENCH_PAGES` (default 300) pages each read once over HTTP (a render-cache
 *    miss: the lookup, the site token's reads, the render), and the render alone in process
 *    (`pageHtml`: no cache, the visit opened once) for as many other pages: target < 50 ms;
 * 3. a typical page's HTML and the stylesheet (< 100 KB together), the client script (< 50 KB
 *    gzipped);
 * 4. first contentful paint in a local headless Chromium (`performance.getEntriesByType('paint')`,
 *    the browser's cache off, so the stylesheet and script are fetched each time): < 1 s.
 *
 * The server, the bare route and the client share this process: each phase reports wall time as
 * the client saw it (median, p90) and the process's CPU time per request (`process.cpuUsage()`
 * over the phase), which holds on a loaded machine where wall time does not; the ratio of (1) is
 * given on both. `BENCH_SKIP_BROWSER=1` leaves out (4); `BENCH_GROUPS` (50) makes a smaller site
 * for a quick check; `BENCH_PROFILE=<file>` writes a CPU profile
 * of 200 cached requests and 50 uncached ones (open it in Chrome's DevTools).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { gzipSync } from 'node:zlib';
import { READER_CSS, READER_JS } from '@quire/reader';
import Fastify from 'fastify';
import { openReaderVisit } from '../src/reader/reader-visit';
import { pageHtml } from '../src/reader/render-site-page';
import { sitePagesOf } from '../src/reader/site-pages';
import { createOrganization } from '../test/support/factories';
import { launchChromium } from '../test/support/headless-chromium';
import { startTestServer } from '../test/support/test-server';
import { benchApi, documentationBody, type Json, seedGroupedSpace } from './bench-api';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const PER_GROUP = 99;
const UNCACHED = Number(process.env.BENCH_PAGES ?? 300);
const CACHED_REQUESTS = Number(process.env.BENCH_CACHED ?? 300);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface PhaseFigures {
  median: number;
  p90: number;
  cpu: number;
}

async function phase(title: string, runs: Array<() => Promise<unknown>>): Promise<PhaseFigures> {
  const times: number[] = [];
  const cpuBefore = cpuMs();
  for (const run of runs) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const figures = {
    median: quantile(times, 0.5),
    p90: quantile(times, 0.9),
    cpu: (cpuMs() - cpuBefore) / runs.length,
  };
  console.log(
    `${title.padEnd(58)} wall median ${figures.median.toFixed(2).padStart(7)} ms, p90 ${figures.p90.toFixed(2).padStart(7)} ms; CPU ${figures.cpu.toFixed(2).padStart(7)} ms/request`,
  );
  return figures;
}

async function get(url: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

const server = await startTestServer();
const bare = Fastify({ logger: false });
try {
  const started = performance.now();
  const org = await createOrganization(server);
  const api = benchApi(server.url, org.admin.token);
  const { space } = await seedGroupedSpace(api, org.organization.id, {
    groups: GROUPS,
    perGroup: PER_GROUP,
    groupBody: (g) => documentationBody(g * 100),
    page: (g, i) => ({ title: `Page ${g}.${i}`, markdown: documentationBody(g * 100 + i + 1) }),
  });
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const created = await api(`${orgPath}/sites`, { title: 'Handbook' });
  const site = `${orgPath}/sites/${created.id}`;
  const patch = await fetch(`${server.url}${site}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ basename: 'handbook' }),
  });
  if (!patch.ok) throw new Error(`PATCH site: ${patch.status}`);
  await api(`${site}/sections`, { spaceId: space.id, title: 'Docs' });
  await api(`${site}/publish`, {});
  const base = `${server.url}/~sites/${org.organization.id}/handbook/`;

  const paths: string[] = [];
  const walk = (pages: Json[]) => {
    for (const page of pages) {
      if (page.type === 'document') paths.push(page.path);
      walk(page.pages ?? []);
    }
  };
  walk((await api(`/v1/spaces/${space.id}/content/pages`)).pages);
  console.log(
    `a site of ${paths.length} pages written and published in ${((performance.now() - started) / 1000).toFixed(0)} s (node ${process.version})\n`,
  );

  // A typical page: a subpage in the middle of the tree.
  const typical = paths[Math.floor(paths.length / 2)] as string;
  const first = await get(base + typical);
  if (first.status !== 200) throw new Error(`${typical}: ${first.status}`);

  // 3. Sizes.
  const html = first.body;
  const gz = (text: string) => gzipSync(text).byteLength;
  const pageAndCss = Buffer.byteLength(html) + Buffer.byteLength(READER_CSS);
  console.log(
    `typical page: HTML ${kb(Buffer.byteLength(html))} (${kb(gz(html))} gzipped), CSS ${kb(Buffer.byteLength(READER_CSS))} (${kb(gz(READER_CSS))} gzipped): ${kb(pageAndCss)} together (target < 100 KB: ${pageAndCss < 100 * 1024 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `client script: ${kb(Buffer.byteLength(READER_JS))} (${kb(gz(READER_JS))} gzipped; target < 50 KB gzipped: ${gz(READER_JS) < 50 * 1024 ? 'met' : 'NOT met'})\n`,
  );

  // 1. Cached page against a bare route with the same body and headers.
  const copied: Record<string, string> = {};
  const skipped = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  first.headers.forEach((value, name) => {
    if (!skipped.has(name)) copied[name] = value;
  });
  bare.get('/page', async (_request, reply) => reply.headers(copied).send(html));
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/page`;
  for (let i = 0; i < 30; i++) {
    await get(base + typical);
    await get(bareUrl);
  }
  const cachedRuns = Array.from({ length: CACHED_REQUESTS }, () => () => get(base + typical));
  const bareRuns = Array.from({ length: CACHED_REQUESTS }, () => () => get(bareUrl));
  const cached = await phase(`cached page (${CACHED_REQUESTS} requests)`, cachedRuns);
  const bareFigures = await phase(`bare route, same body and headers (${CACHED_REQUESTS})`, bareRuns);
  const byWall = (bareFigures.median / cached.median) * 100;
  const byCpu = (bareFigures.cpu / cached.cpu) * 100;
  console.log(
    `cached page at ${byWall.toFixed(0)}% of the bare route by wall time, ${byCpu.toFixed(0)}% by CPU time (target ≥ 50%: ${byCpu >= 50 ? 'met' : 'NOT met'} by CPU)\n`,
  );

  if (process.env.BENCH_PROFILE) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    for (let i = 0; i < 200; i++) await get(base + typical);
    for (let i = 0; i < 50; i++) await get(base + (paths[(i * 13 + 5) % paths.length] as string));
    const { profile } = await session.post('Profiler.stop');
    await writeFile(process.env.BENCH_PROFILE, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile written to ${process.env.BENCH_PROFILE}\n`);
  }

  // 2. Uncached pages: over HTTP (each page's first request), then the render alone.
  const spread = (from: number) =>
    Array.from({ length: UNCACHED }, (_, i) => paths[(from + i * 7) % paths.length] as string);
  const overHttp = spread(1);
  const uncached = await phase(
    `uncached page over HTTP (${UNCACHED} pages, each once)`,
    overHttp.map((path) => async () => {
      const answer = await get(base + path);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    }),
  );
  // The lookup reads the URL as the app's own address names it.
  const appBase = `${server.services.urls.app}/~sites/${org.organization.id}/handbook/`;
  const visit = await openReaderVisit(server.services, { url: appBase + typical, redirectOnError: false });
  if (visit.kind !== 'visit') throw new Error(`no visit: ${visit.kind}`);
  const pages = sitePagesOf(visit.pages);
  const rendered = spread(3).map((path) => pages.pageAt(path));
  const render = await phase(
    `uncached render in process (pageHtml, ${UNCACHED} other pages)`,
    rendered.map((page) => async () => {
      if (!page) throw new Error('a page of the tree is not found');
      await pageHtml(visit, pages, page);
    }),
  );
  console.log(
    `uncached page: ${uncached.cpu.toFixed(1)} ms CPU over HTTP, ${render.cpu.toFixed(1)} ms CPU rendered (target < 50 ms: ${uncached.cpu < 50 ? 'met' : 'NOT met'} by CPU)\n`,
  );

  // 4. First contentful paint.
  if (process.env.BENCH_SKIP_BROWSER !== '1') {
    const browser = await launchChromium();
    try {
      const paints: number[] = [];
      for (let i = 0; i < 5; i++) {
        // A cold load each time: the browser's cache off (the stylesheet and script fetched).
        const page = await browser.newPage();
        await page.setCacheEnabled(false);
        await page.goto(base + (paths[(i * 97) % paths.length] as string), { waitUntil: 'load' });
        await page.waitForFunction(() =>
          performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'),
        );
        paints.push(
          await page.evaluate(
            () =>
              performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
                ?.startTime ?? Number.NaN,
          ),
        );
        await page.close();
      }
      const fcp = quantile(paints, 0.5);
      console.log(
        `first contentful paint, local headless Chromium (5 cold loads): median ${fcp.toFixed(0)} ms, max ${Math.max(...paints).toFixed(0)} ms (target < 1 s: ${fcp < 1000 ? 'met' : 'NOT met'})`,
      );
    } finally {
      await browser.close();
    }
  }
} finally {
  await bare.close();
  await server.close();
}
