/**
 * `tsx bench/gitbook-markdown.ts`: the conversion target of issue 27, every block of
 * GitBook's Git Sync dialect converted markdown -> document in under 2 ms per KB. For each
 * block (`GITBOOK_BLOCKS`), a text of that block repeated to about 8 KB, then one page
 * holding every block (`pageBody`) repeated likewise: the median CPU time over the runs of
 * `markdownToDocument` (what a read of a stored page does) and of `normalizeMarkdown` (what
 * an import does to a page before storing it), per KB of text.
 * BENCH_KB and BENCH_RUNS change the size and the runs.
 */
import { markdownToDocument, normalizeMarkdown } from '@quire/documents';
import { GITBOOK_BLOCKS, pageBody } from './gitbook-format-repository';

const KB = Number(process.env.BENCH_KB ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function repeated(sample: (n: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  for (let n = 0; length < KB * 1024; n++) {
    const part = sample(n);
    parts.push(part);
    length += Buffer.byteLength(part) + 2;
  }
  return parts.join('\n\n');
}

/**
 * The median over the runs of the CPU time one run takes (user and system, in ms): on a
 * shared machine the wall time counts the other processes' turns too; a conversion is
 * synchronous, so its CPU time is its cost.
 */
function medianMs(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const rows: [string, string][] = [
  ...Object.entries(GITBOOK_BLOCKS).map(
    ([name, block]) => [name, repeated((n) => block(n, ''))] as [string, string],
  ),
  ['every block (a page)', repeated((n) => pageBody(n, ''))],
];
// Warm both paths up (the parser's first calls compile what it uses).
for (const [, text] of rows.slice(-1))
  for (let i = 0; i < 5; i++) markdownToDocument(normalizeMarkdown(text));

console.log(`${'block'.padEnd(26)} ${'KB'.padStart(5)}  to document ms/KB  normalize ms/KB  (CPU time)`);
let worst = 0;
for (const [name, text] of rows) {
  const kb = Buffer.byteLength(text) / 1024;
  const stored = normalizeMarkdown(text);
  const toDocument = medianMs(() => markdownToDocument(stored)) / kb;
  const normalize = medianMs(() => normalizeMarkdown(text)) / kb;
  worst = Math.max(worst, toDocument);
  console.log(
    `${name.padEnd(26)} ${kb.toFixed(1).padStart(5)}  ${toDocument.toFixed(2).padStart(17)}  ${normalize.toFixed(2).padStart(15)}`,
  );
}
console.log(
  `worst markdown -> document: ${worst.toFixed(2)} ms per KB (target under 2: ${worst < 2 ? 'met' : 'NOT met'})`,
);
