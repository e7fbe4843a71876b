/**
 * `node --import <tsx loader> bench/reader-frame.ts` (from apps/server): what a page that opens
 * no page of the tree costs on a public site over a space of 5,000 pages (50 top-level pages of
 * 99 subpages each, `bench/sites-reader.ts`'s site), read at Quire's own `~sites` address:
 *
 * 1. the not-found page over HTTP, `BENCH_REQUESTS` (default 300) missing paths, each asked once
 *    (a path a visitor chooses: nothing of the answer is cached but the tree);
 * 2. the search page over HTTP, as many queries, each asked once (the site's index built first);
 * 3. the not-found page rendered in process (`renderNotFound`, the visit opened once).
 *
 * Each phase reports wall time as the client saw it (median, p90) and the process's CPU time per
 * request (`process.cpuUsage()` over the phase: the server and the client share this process),
 * which holds on a shared machine where wall time does not. `BENCH_GROUPS` (50) makes a smaller
 * site for a quick check.
 */
import { openReaderVisit } from '../src/reader/reader-visit';
import { renderNotFound } from '../src/reader/render-site-page';
import { sitePagesOf } from '../src/reader/site-pages';
import { createOrganization } from '../test/support/factories';
import { startTestServer } from '../test/support/test-server';
import { benchApi, documentationBody, seedGroupedSpace } from './bench-api';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function phase(title: string, runs: Array<() => Promise<unknown>>): Promise<void> {
  const times: number[] = [];
  const cpuBefore = cpuMs();
  for (const run of runs) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const cpu = (cpuMs() - cpuBefore) / runs.length;
  console.log(
    `${title.padEnd(52)} wall median ${quantile(times, 0.5).toFixed(2).padStart(7)} ms, p90 ${quantile(times, 0.9).toFixed(2).padStart(7)} ms; CPU ${cpu.toFixed(2).padStart(7)} ms/request`,
  );
}

async function get(url: string, status: number): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  const body = await response.text();
  if (response.status !== status) throw new Error(`${url}: ${response.status} ${body.slice(0, 500)}`);
  return body;
}

const server = await startTestServer({}, { logger: { level: 'error' } });
try {
  const started = performance.now();
  const org = await createOrganization(server);
  const api = benchApi(server.url, org.admin.token);
  const { space } = await seedGroupedSpace(api, org.organization.id, {
    groups: GROUPS,
    perGroup: 99,
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
  console.log(
    `a site of ${GROUPS * 100} pages written and published in ${((performance.now() - started) / 1000).toFixed(0)} s (node ${process.version})\n`,
  );

  // Warm: the lookup's caches, the revision's tree, the search index, the JIT.
  for (let i = 0; i < 30; i++) await get(`${base}warm/missing-${i}`, 404);
  for (let i = 0; i < 10; i++) await get(`${base}?q=install+${i}`, 200);
  const notFoundBytes = Buffer.byteLength(await get(`${base}warm/missing`, 404));

  await phase(
    `not-found page over HTTP (${REQUESTS} paths, each once)`,
    Array.from({ length: REQUESTS }, (_, i) => () => get(`${base}no/such/page-${i}`, 404)),
  );
  await phase(
    `search page over HTTP (${REQUESTS} queries, each once)`,
    Array.from({ length: REQUESTS }, (_, i) => () => get(`${base}?q=page+${i}`, 200)),
  );
  const appBase = `${server.services.urls.app}/~sites/${org.organization.id}/handbook/`;
  const visit = await openReaderVisit(server.services, { url: `${appBase}missing`, redirectOnError: false });
  if (visit.kind !== 'visit') throw new Error(`no visit: ${visit.kind}`);
  const pages = sitePagesOf(visit.pages);
  await phase(
    `not-found page rendered in process (${REQUESTS})`,
    Array.from({ length: REQUESTS }, (_, i) => async () => renderNotFound(visit, pages, `/missing-${i}`)),
  );
  console.log(`\nnot-found page: ${(notFoundBytes / 1024).toFixed(1)} KB of HTML`);
} finally {
  await server.close();
}
