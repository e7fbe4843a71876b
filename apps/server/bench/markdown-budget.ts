/**
 * `npx tsx bench/markdown-budget.ts` (from apps/server): the figures behind the markdown
 * reading budget (`QUIRE_MARKDOWN_MS_PER_KIB`, issue 25 item 1).
 *
 * 1. Real pages read in a thread (`readUntrustedMarkdown`: front matter, normalize, the stored
 *    text read again as a document): this repository's docs, and the benchmarks' documentation
 *    page (headings, lists, code, a quote, a table, links), at 64 KiB, 256 KiB and 500 KB;
 *    milliseconds and milliseconds per KiB, median of 3.
 * 2. Super-linear texts (the shapes of test/hardening/markdown-bombs.test.ts) at the largest
 *    comment (64 KiB) and page body (512,000 characters), read with a cap of `BENCH_CAP_SECONDS`
 *    (default 30): how long each takes, or that it passed the cap.
 * 3. What the threads add to a normal comment and a normal page write over HTTP: medians of
 *    `BENCH_REQUESTS` (default 200) sequential requests through the threads and as many with
 *    the same server reading on its request thread (`inProcessUntrustedMarkdown`), alternating.
 */
import { readFileSync } from 'node:fs';
import { inProcessUntrustedMarkdown } from '@quire/domain';
import { ThreadedUntrustedMarkdown } from '../src/markdown/threaded-untrusted-markdown';
import { documentationBody, median } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const CAP_SECONDS = Number(process.env.BENCH_CAP_SECONDS ?? 30);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PARTS = (process.env.BENCH_PARTS ?? '1,2,3').split(',');

const filled = (unit: string, size: number): string =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const kib = (length: number) => length / 1024;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

if (PARTS.includes('1')) {
  const threads = new ThreadedUntrustedMarkdown({
    threads: 1,
    memoryMb: 1024,
    msPerKib: 60_000,
    maxQueue: 10,
  });
  const docs = ['architecture', 'performance', 'reliability', 'git-sync', 'adding-an-area']
    .map((name) => readFileSync(new URL(`../../../docs/${name}.md`, import.meta.url), 'utf8'))
    .join('\n\n');
  const corpora: Record<string, (size: number) => string> = {
    "this repository's docs": (size) => filled(`${docs}\n\n`, size),
    'the documentation page': (size) => {
      let text = '';
      for (let i = 0; text.length < size; i++) text += `${documentationBody(i)}\n\n`;
      return text.slice(0, size);
    },
  };
  await threads.read(corpora['the documentation page']!(20_000)); // a warm thread
  console.log('1. real pages read in a thread');
  for (const [name, make] of Object.entries(corpora)) {
    for (const size of [65_536, 262_144, 500_000]) {
      const text = make(size);
      const runs: number[] = [];
      for (let run = 0; run < 3; run++) {
        const { value, ms } = await timed(() => threads.read(text, { frontMatter: true }));
        if (!value.ok) throw new Error(`${name} ${size}: refused: ${value.reason}`);
        runs.push(ms);
      }
      const ms = median(runs);
      console.log(`   ${name}, ${size} chars: ${Math.round(ms)} ms (${(ms / kib(size)).toFixed(1)} ms/KiB)`);
    }
  }
  await threads.close();
}

if (PARTS.includes('2')) {
  const capped = (size: number) =>
    new ThreadedUntrustedMarkdown({
      threads: 1,
      memoryMb: 1024,
      msPerKib: (CAP_SECONDS * 1000) / kib(size),
      maxQueue: 10,
    });
  const shapes: Record<string, (size: number) => string> = {
    'emphasis *a**': (size) => filled('*a**', size),
    'emphasis and brackets *[a_]': (size) => filled('*[a_]', size),
    'links [a](': (size) => filled('[a](', size),
    'references [a][': (size) => filled('[a][', size),
    'images ![a](': (size) => filled('![a](', size),
    'brackets [a': (size) => filled('[a', size),
    'entities &#x': (size) => filled('&#x', size),
    'code spans `a``': (size) => filled('`a``', size),
    'strikethrough ~a~~': (size) => filled('~a~~', size),
    'inline html <a ': (size) => filled('<a ', size),
    'table of 1000 columns': (size) => {
      const row = `${'|a'.repeat(1000)}|\n`;
      return filled(row + `${'|-'.repeat(1000)}|\n` + row.repeat(Math.ceil(size / row.length)), size);
    },
    'nested lists and quotes (30 levels)': (size) => filled(`${'>- '.repeat(15)}a *b* [c](d\n`, size),
    'reference definitions': (size) => {
      let text = '';
      for (let i = 0; text.length < size; i++) text += `[r${i}]: http://x/${i}\n[r${i}][r${i + 1}] `;
      return text.slice(0, size);
    },
  };
  console.log(`2. super-linear texts read in a thread, capped at ${CAP_SECONDS} s`);
  for (const size of [65_536, 512_000]) {
    const threads = capped(size);
    for (const [name, make] of Object.entries(shapes)) {
      const { value, ms } = await timed(() => threads.read(make(size)));
      const outcome = value.ok ? 'read' : `refused: ${value.reason}`;
      console.log(`   ${name}, ${size} chars: ${(ms / 1000).toFixed(2)} s, ${outcome}`);
    }
    await threads.close();
  }
}

if (PARTS.includes('3')) {
  const quire = await startBenchServer('markdown');
  const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(quire.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const space = await call('POST', `/v1/orgs/${organization.id}/spaces`, { title: 'Markdown' });
  const inserted = await call('POST', `/v1/spaces/${space.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Page', document: { markdown: documentationBody(0) } }],
  });
  const pageId = inserted.changes[0].page.id;
  const comment = (i: number) =>
    call('POST', `/v1/spaces/${space.id}/comments`, {
      body: {
        markdown: `Comment ${i}: the **setup** step fails with \`code ${i}\`, see [the guide](https://example.com/${i}).`,
      },
      page: pageId,
    });
  const pageWrite = (i: number) =>
    call('POST', `/v1/spaces/${space.id}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: pageId,
          document: { markdown: `${documentationBody(i)}\n\nEdit ${i}.` },
        },
      ],
    });
  // The two ways alternate request by request, so that the machine's load drifts alike for both.
  const threaded = quire.services.untrustedMarkdown;
  const ways = [
    ['through the threads', threaded],
    ['on the request thread', inProcessUntrustedMarkdown],
  ] as const;
  console.log(`3. median of ${REQUESTS} sequential requests each way, alternating`);
  for (const [kind, work] of [
    ['comment', comment],
    ['page write', pageWrite],
  ] as const) {
    const times: number[][] = [[], []];
    for (let i = 0; i < 2 * REQUESTS; i++) {
      quire.services.untrustedMarkdown = ways[i % 2]![1];
      times[i % 2]!.push((await timed(() => work(i))).ms);
    }
    const [threads, inProcess] = times.map((list) => median(list).toFixed(1));
    console.log(`   ${kind}: ${ways[0][0]} ${threads} ms, ${ways[1][0]} ${inProcess} ms`);
  }
  quire.services.untrustedMarkdown = threaded;
  await quire.close();
}
process.exit(0);
