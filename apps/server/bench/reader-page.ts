/**
 * `node --import tsx bench/reader-page.ts` (from apps/server): the reader's figures for a typical
 * page (issue 29): over a test server holding the reader tests' site (its page of every block
 * type), the bytes of the page's HTML and of the stylesheet (raw and gzipped), and the time to
 * render the page in process without the render cache (`pageHtml`: the page read through the
 * site token, its code highlighted, React's server rendering), cold (first in the process) and
 * warm (median and p90 of 50), plus a whole visit (`openReaderVisit`: the lookup, the site token,
 * the published view, the pages).
 */
import { gzipSync } from 'node:zlib';
import { READER_CSS, READER_JS } from '@quire/reader';
import { openReaderVisit } from '../src/reader/reader-visit';
import { pageHtml } from '../src/reader/render-site-page';
import { sitePagesOf } from '../src/reader/site-pages';
import { readerFixture } from '../test/reader/reader-fixture';
import { startTestServer } from '../test/support/test-server';

const server = await startTestServer();
try {
  const f = await readerFixture(server);
  const url = `${server.services.urls.app}${f.base}guides/every-block`;
  const visitOnce = async () => {
    const visit = await openReaderVisit(server.services, { url, redirectOnError: false });
    if (visit.kind !== 'visit') throw new Error(`no visit: ${visit.kind}`);
    return visit;
  };
  const visit = await visitOnce();
  const pages = sitePagesOf(visit.pages);
  const page = pages.pageAt(visit.lookup.pathname);
  if (!page) throw new Error('no page');
  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const cold = await time(() => pageHtml(visit, pages, page));
  const warm: number[] = [];
  for (let i = 0; i < 50; i++) warm.push(await time(() => pageHtml(visit, pages, page)));
  const visits: number[] = [];
  for (let i = 0; i < 50; i++) visits.push(await time(visitOnce));
  const html = await pageHtml(visit, pages, page);
  const at = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? 0;
  const kb = (text: string) =>
    `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB (${(gzipSync(text).byteLength / 1024).toFixed(1)} KB gzipped)`;
  console.log(`page of every block: HTML ${kb(html)}, CSS ${kb(READER_CSS)}, JS ${kb(READER_JS)}`);
  console.log(
    `render uncached: cold ${cold.toFixed(0)} ms; warm median ${at(warm, 0.5).toFixed(1)} ms, p90 ${at(warm, 0.9).toFixed(1)} ms`,
  );
  console.log(
    `visit (lookup + token + published view + pages): median ${at(visits, 0.5).toFixed(1)} ms, p90 ${at(visits, 0.9).toFixed(1)} ms`,
  );
} finally {
  await server.close();
}
