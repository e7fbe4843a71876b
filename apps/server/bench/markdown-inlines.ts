/**
 * `tsx bench/markdown-inlines.ts`: the inline parser of Quire's own markdown tokenizer
 * (`@quire/documents/markdown-parser/inline-parser`, issue 27) against micromark. For each
 * block of GitBook's dialect (`GITBOOK_BLOCKS`) and for a page of every block, a text of it
 * repeated to about 8 KB: the median CPU time of `parseInlines` over every paragraph, heading
 * and table cell of the text (their lines read off micromark's tree beforehand, outside the
 * timing) and of `micromarkSyntaxTree` over the whole text, per KB of text; and how many of
 * those contents the inline parser reads exactly as micromark (node for node, positions
 * included). BENCH_KB and BENCH_RUNS change the size and the runs.
 */
import { isDeepStrictEqual } from 'node:util';
import { micromarkSyntaxTree } from '@quire/documents/micromark-reference';
import { documentCases } from '../../../packages/documents/test/markdown-parser-inline-harness';
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

console.log(
  `${'block'.padEnd(26)} ${'KB'.padStart(5)}  ${'inlines ms/KB'.padStart(13)}  ${'micromark ms/KB'.padStart(15)}  same / contents`,
);
let inlineTotal = 0;
let micromarkTotal = 0;
let kbTotal = 0;
for (const [name, text] of rows) {
  const kb = Buffer.byteLength(text) / 1024;
  // Each content's lines read off micromark's tree beforehand, as the inline tests read them.
  const cases = documentCases(text);
  const same = cases.filter(({ actual, expected }) => isDeepStrictEqual(actual(), expected)).length;
  const inlines = await medianCpuMs(
    () => {
      for (const { read } of cases) read();
    },
    { runs: RUNS, repeat: 20, warm: 5 },
  );
  const micromark = await medianCpuMs(() => micromarkSyntaxTree(text), { runs: RUNS });
  inlineTotal += inlines;
  micromarkTotal += micromark;
  kbTotal += kb;
  console.log(
    `${name.padEnd(26)} ${kb.toFixed(1).padStart(5)}  ${(inlines / kb).toFixed(3).padStart(13)}  ${(micromark / kb).toFixed(2).padStart(15)}  ${same} / ${cases.length}`,
  );
}
console.log(
  `all: inlines ${(inlineTotal / kbTotal).toFixed(3)} ms/KB, micromark ${(micromarkTotal / kbTotal).toFixed(2)} ms/KB (CPU time, whole text)`,
);
