/**
 * `npx tsx bench/job-threads.ts` (from apps/server): what the job threads' boundary adds to
 * a small job (issue 25, item 2). Each case runs `BENCH_RUNS` times (default 20) on this
 * thread, then as a job thread runs it (the thread started and warmed by one run first), and
 * prints the medians: a markdown import of 40 bytes (the bytes cloned over, the content and
 * held files back), and a one-page PDF (the body and image asked for over the channel, the
 * PDF's bytes back). Also prints a thread's first task (start, entry and the kind's code).
 */

import { Writable } from 'node:stream';
import { markdownToDocument } from '@quire/documents';
import type { BlobStore, ImportRequest, StoredBlob } from '@quire/domain';
import { DEFAULT_CONTENT_IMPORT_LIMITS, ServerContentImports } from '../src/imports/server-content-imports';
import { ThreadedContentImports } from '../src/imports/threaded-content-imports';
import type { PdfBody } from '../src/pdf/pdf-document';
import { PDF_RENDER_TASK } from '../src/pdf/pdf-render-job';
import { renderPdf } from '../src/pdf/render-pdf';
import type { PdfInThread, PdfQuestion } from '../src/pdf/render-pdf-in-thread';
import { LimitedPool } from '../src/worker-pools/limited-pool';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const limits = { ...DEFAULT_CONTENT_IMPORT_LIMITS, allowHosts: [] };
const request: ImportRequest = {
  source: 'markdown',
  bytes: new TextEncoder().encode('# Notes\n\nSome **notes**, a [link](https://example.com).\n'),
  name: 'notes.md',
};
const PAGE =
  '## Overview\n\nThis page explains **the system**, with *emphasis* and `code`.\n\n- one\n- two\n';

/** A blob store that keeps nothing: the bench measures the boundary, not the disk. */
const nowhere = {
  put: async (bytes: Uint8Array): Promise<StoredBlob> => ({ hash: '0'.repeat(64), size: bytes.byteLength }),
  has: async () => false,
  stat: async () => null,
  open: async () => null,
} as unknown as BlobStore & { stat(): Promise<null>; open(): Promise<null> };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function medianOf(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(run));
  return median(times);
}

function pdfInProcess(): Promise<void> {
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  return renderPdf(
    {
      title: 'One page',
      pages: [{ id: 'p1', title: 'Overview', depth: 0 }],
      bodyOf: async () => markdownToDocument(PAGE) as unknown as PdfBody,
      imageOf: async () => null,
    },
    sink,
  );
}

function pdfInThread(pool: LimitedPool): Promise<unknown> {
  const input: PdfInThread = { title: 'One page', pages: [{ id: 'p1', title: 'Overview', depth: 0 }] };
  return pool.run(PDF_RENDER_TASK, input, {
    answer: async (question) => ({ value: 'body' in (question as PdfQuestion) ? PAGE : null }),
  });
}

const pool = new LimitedPool('job-thread', { threads: 1, memoryMb: 1024, deadlineMs: 60_000 });
const inProcess = new ServerContentImports(nowhere, limits);
const threaded = new ThreadedContentImports(pool, nowhere as never, limits);
const none = () => {};

const firstImport = await timed(() => threaded.read(request, none));
const firstPdf = await timed(() => pdfInThread(pool));
await inProcess.read(request, none);
await pdfInProcess();
const rows = {
  'import, this thread': await medianOf(() => inProcess.read(request, none)),
  'import, job thread': await medianOf(() => threaded.read(request, none)),
  'one-page PDF, this thread': await medianOf(pdfInProcess),
  'one-page PDF, job thread': await medianOf(() => pdfInThread(pool)),
};
for (const [name, ms] of Object.entries(rows)) console.log(`${name.padEnd(28)} median ${ms.toFixed(2)} ms`);
console.log(
  `first import on a new thread   ${firstImport.toFixed(0)} ms; first PDF after it ${firstPdf.toFixed(0)} ms`,
);
await pool.close();
