/**
 * `tsx bench/markdown-parser.ts`: Quire's own markdown tokenizer (issue 27,
 * `packages/documents/src/markdown-parser/`) against the one it replaces. For each block of
 * GitBook's dialect (`GITBOOK_BLOCKS`), a text of that block repeated to about 8 KB, then one
 * page holding every block (`pageBody`) repeated likewise: the median CPU time per KB of
 * `parseMarkdownFast` (blocks, with the stand-in inlines until the inline parser lands) and
 * of `micromarkSyntaxTree` (micromark and the remark extensions) on the same text.
 * BENCH_KB and BENCH_RUNS change the size and the runs.
 */
import { parseMarkdownFast } from '@quire/documents/markdown-parser';
import { micromarkSyntaxTree } from '@quire/documents/micromark-reference';
import { medianCpuMs } from './cpu-time';
import { GITBOOK_BLOCKS, pageBody, repeatedToKb } from './gitbook-format-repository';

const KB = Number(process.env.BENCH_KB ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const repeated = (sample: (n: number) => string) => repeatedToKb(KB, sample);

const rows: [string, string][] = [
  ...Object.entries(GITBOOK_BLOCKS).map(
    ([name, block]) => [name, repeated((n) => block(n, ''))] as [string, string],
  ),
  ['every block (a page)', repeated((n) => pageBody(n, ''))],
];
/**
 * Each parser's median per row, the parser warmed up first (its first calls compile what it
 * uses). One parser at a time: micromark's garbage, collected while the other runs, would be
 * counted against it.
 */
async function msPerKb(parse: (markdown: string) => unknown): Promise<number[]> {
  const perKb: number[] = [];
  for (const [, text] of rows)
    perKb.push(
      (await medianCpuMs(() => parse(text), { runs: RUNS, warm: 3 })) / (Buffer.byteLength(text) / 1024),
    );
  return perKb;
}

const fast = await msPerKb(parseMarkdownFast);
const micromark = await msPerKb(micromarkSyntaxTree);
console.log(
  `${'block'.padEnd(26)} ${'KB'.padStart(5)}  parseMarkdownFast ms/KB  micromarkSyntaxTree ms/KB  (CPU time)`,
);
rows.forEach(([name, text], index) => {
  const kb = Buffer.byteLength(text) / 1024;
  console.log(
    `${name.padEnd(26)} ${kb.toFixed(1).padStart(5)}  ${(fast[index] as number).toFixed(3).padStart(23)}  ${(micromark[index] as number).toFixed(3).padStart(24)}`,
  );
});
const worst = Math.max(...fast);
console.log(
  `worst parseMarkdownFast: ${worst.toFixed(3)} ms per KB (target under 1: ${worst < 1 ? 'met' : 'NOT met'})`,
);
