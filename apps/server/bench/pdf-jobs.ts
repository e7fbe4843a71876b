/**
 * `npx tsx bench/pdf-jobs.ts` (from apps/server): a PDF download on the job runner, over
 * HTTP, on the embedded store on disk, the worker inside the server. A space of 200 pages
 * (4 top-level pages with 49 subpages each, about 700 bytes of markdown per page).
 *
 * 1. First download: `GET /pdf/<token>` to its last byte, the render included (the job
 *    enqueued, claimed, drawn into the blob store, then streamed from it).
 * 2. Cached downloads: the same link again, and a new link asked for and downloaded (the
 *    same revision: no job): median and p90 of 20 sequential rounds.
 *
 * `BENCH_PDF_GROUPS` and `BENCH_PDF_PER_GROUP` change the shape.
 */
import { benchApi, documentationBody, median, p90, seedGroupedSpace } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const GROUPS = Number(process.env.BENCH_PDF_GROUPS ?? 4);
const PER_GROUP = Number(process.env.BENCH_PDF_PER_GROUP ?? 49);
const ROUNDS = 20;

const quire = await startBenchServer('pdf-jobs');
try {
  const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
  const api = benchApi(quire.url, token);
  const { space } = await seedGroupedSpace(api, organization.id, {
    groups: GROUPS,
    perGroup: PER_GROUP,
    groupBody: documentationBody,
    page: (group, index) => ({
      title: 'Page ' + group + '.' + index,
      markdown: documentationBody(group * 1000 + index),
    }),
  });
  const pages = GROUPS * (PER_GROUP + 1);
  const local = (url: string) => quire.url + url.slice(quire.services.urls.api.length);
  const linkOf = async () => local((await api('/v1/spaces/' + space.id + '/pdf')).url as string);

  async function download(url: string): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const response = await fetch(url);
    const bytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error('download answered ' + response.status);
    return { ms, bytes };
  }

  const url = await linkOf();
  const first = await download(url);
  const sameLink: number[] = [];
  for (let round = 0; round < ROUNDS; round++) sameLink.push((await download(url)).ms);
  const newLink: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Asking for the link first (`GET SPACE/pdf`), as a client does: timed with the download.
    newLink.push((await download(await linkOf())).ms);
  }
  const jobs = await quire.services.repos.jobs.list({ organizationId: organization.id }, { limit: 100 });

  const ms = (value: number) => value.toFixed(0) + ' ms';
  console.log(
    'pages:                      ' +
      pages +
      ' (about ' +
      documentationBody(1).length +
      ' bytes of markdown each)',
  );
  console.log('PDF size:                   ' + (first.bytes / 1024 / 1024).toFixed(2) + ' MB');
  console.log('first download (renders):   ' + ms(first.ms));
  console.log('same link again:            median ' + ms(median(sameLink)) + ', p90 ' + ms(p90(sameLink)));
  console.log('new link + download:        median ' + ms(median(newLink)) + ', p90 ' + ms(p90(newLink)));
  console.log('render jobs:                ' + jobs.items.filter((job) => job.kind === 'pdf.render').length);
} finally {
  await quire.close();
}
