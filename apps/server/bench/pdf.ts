/**
 * `npx tsx bench/pdf.ts` (from apps/server): the PDF target of issue 10, a 500-page export in
 * under 10 s with memory bounded. Pages of about 1 KB of markdown each (headings, marks,
 * links, lists, a code block, a table, an image on every tenth page), in a tree three levels
 * deep, converted to document trees as they are drawn (as the route does) and rendered into
 * a sink that counts bytes.
 *
 * Prints the time (and the part of it spent converting markdown), the PDF's size, and the peak RSS and heap sampled every 10 ms while
 * rendering. `BENCH_PDF_PAGES` sets the page count (default 500): run it at 2,000 too to see
 * that the peak does not grow with the document.
 */
import { Writable } from 'node:stream';
import { renderPdf } from '../src/pdf/render-pdf';
import { markdownDocument, PNG } from '../test/pdf/pdf-fixtures';

const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 500);

function markdownOf(index: number): string {
  const image = index % 10 === 0 ? '![diagram ' + index + '](https://images.example/diagram.png)\n\n' : '';
  return (
    '## Overview of part ' +
    index +
    '\n\nThis page explains **part ' +
    index +
    '** of the system, with *emphasis*, `inline code` and a [link](https://example.com/' +
    index +
    '). It is long enough to wrap over several lines of the PDF, as real prose does.\n\n' +
    '- first point about the design\n- second point, with a nested list:\n  - nested detail\n- third point\n\n' +
    '```ts\nexport function part' +
    index +
    '(input: string): number {\n  const words = input.split(" ");\n  return words.length * ' +
    index +
    ';\n}\n```\n\n' +
    '| Setting | Default | Meaning |\n| --- | --- | --- |\n| timeout | 30 s | how long to wait |\n| retries | 3 | attempts before failing |\n\n' +
    image +
    '> A note quoted from the original design document of part ' +
    index +
    '.\n\n### Details\n\nThe details below follow the order of the steps: each one reads what the previous one wrote, so a failure stops the rest and is reported with the step that failed and the input it was given. Nothing is retried unless the setting above says so.\n\n1. Read the input.\n2. Count the words.\n3. Answer the total.\n'
  );
}

const pages = Array.from({ length: PAGES }, (_, index) => ({
  id: 'page-' + index,
  title: 'Part ' + index + ': a page of the handbook',
  depth: index % 3,
  markdown: markdownOf(index),
}));
const averageBytes = pages.reduce((sum, page) => sum + page.markdown.length, 0) / pages.length;
const source = markdownDocument(
  'Bench handbook',
  pages,
  new Map([['https://images.example/diagram.png', PNG]]),
);
// The markdown conversion is @quire/documents' cost, not the renderer's: timed apart.
let convertingMs = 0;
const document = {
  ...source,
  bodyOf: async (index: number) => {
    const start = performance.now();
    const body = await source.bodyOf(index);
    convertingMs += performance.now() - start;
    return body;
  },
};

let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    bytes += chunk.length;
    callback();
  },
});

global.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 10);
const started = performance.now();
const cpuBefore = process.cpuUsage();
await renderPdf(document, sink);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);

const mb = (value: number) => (value / 1024 / 1024).toFixed(1) + ' MB';
console.log(
  'pages:            ' + PAGES + ' (about ' + Math.round(averageBytes) + ' bytes of markdown each)',
);
console.log('time:             ' + seconds.toFixed(2) + ' s (target: under 10 s for 500 pages)');
// CPU time tells more than wall time on a machine shared with other work.
console.log('CPU time:         ' + ((cpu.user + cpu.system) / 1e6).toFixed(2) + ' s (user + system)');
console.log('  of which markdown to document trees: ' + (convertingMs / 1000).toFixed(2) + ' s');
console.log('PDF size:         ' + mb(bytes));
console.log('RSS before/peak:  ' + mb(before.rss) + ' / ' + mb(peakRss));
console.log('heap before/peak: ' + mb(before.heapUsed) + ' / ' + mb(peakHeap));
