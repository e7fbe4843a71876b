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
import {
  type InlineContext,
  type InlineInput,
  sourcePoints,
} from '@quire/documents/markdown-parser/inline-input';
import { parseInlines, parseTableCellInlines } from '@quire/documents/markdown-parser/inline-parser';
import { micromarkSyntaxTree } from '@quire/documents/micromark-reference';
import { medianCpuMs } from './cpu-time';
import { GITBOOK_BLOCKS, pageBody, repeatedToKb } from './gitbook-format-repository';

const KB = Number(process.env.BENCH_KB ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const repeated = (sample: (n: number) => string) => repeatedToKb(KB, sample);

type PhrasingContent = ReturnType<typeof parseInlines>[number];

/** What the walk reads of mdast's nodes (mdast's types are the documents package's). */
interface TreeNode {
  type: string;
  identifier?: string;
  children?: TreeNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

interface Content {
  input: InlineInput;
  parse: typeof parseInlines;
  expected: PhrasingContent[];
}

/**
 * Each paragraph's, heading's and table cell's lines, as the block parser is to give them:
 * from the first child's start to the last child's end, a continuation line from after its
 * container markers (`>`, list indentation: the spaces and `>` before the content).
 */
function contentsOf(markdown: string): { contents: Content[]; context: InlineContext } {
  const tree = micromarkSyntaxTree(markdown);
  const contents: Content[] = [];
  const definitions = new Set<string>();
  const footnoteDefinitions = new Set<string>();
  const stack: TreeNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    if (node.type === 'definition') definitions.add(node.identifier as string);
    if (node.type === 'footnoteDefinition') footnoteDefinitions.add(node.identifier as string);
    const children = node.children ?? [];
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      const first = children[0];
      const last = children[children.length - 1];
      if (first?.position && last?.position) {
        const from = first.position.start.offset as number;
        const to = last.position.end.offset as number;
        const lines: Array<[number, number]> = [];
        let start = from;
        for (
          let index = markdown.indexOf('\n', from);
          index !== -1 && index < to;
          index = markdown.indexOf('\n', index + 1)
        ) {
          lines.push([start, index]);
          start = index + 1;
          while (start < to && (markdown[start] === '>' || markdown[start] === ' ')) start++;
        }
        lines.push([start, to]);
        contents.push({
          input: { source: markdown, lines },
          parse: node.type === 'tableCell' ? parseTableCellInlines : parseInlines,
          expected: JSON.parse(JSON.stringify(children)) as PhrasingContent[],
        });
      }
      continue;
    }
    for (const child of children) stack.push(child);
  }
  return { contents, context: { points: sourcePoints(markdown), definitions, footnoteDefinitions } };
}

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
  const { contents, context } = contentsOf(text);
  const same = contents.filter(({ input, parse, expected }) =>
    isDeepStrictEqual(JSON.parse(JSON.stringify(parse(input, context))), expected),
  ).length;
  for (let i = 0; i < 5; i++) for (const { input, parse } of contents) parse(input, context);
  const inlines = await medianCpuMs(
    () => {
      for (const { input, parse } of contents) parse(input, context);
    },
    { runs: RUNS, repeat: 20 },
  );
  const micromark = await medianCpuMs(() => micromarkSyntaxTree(text), { runs: RUNS });
  inlineTotal += inlines;
  micromarkTotal += micromark;
  kbTotal += kb;
  console.log(
    `${name.padEnd(26)} ${kb.toFixed(1).padStart(5)}  ${(inlines / kb).toFixed(3).padStart(13)}  ${(micromark / kb).toFixed(2).padStart(15)}  ${same} / ${contents.length}`,
  );
}
console.log(
  `all: inlines ${(inlineTotal / kbTotal).toFixed(3)} ms/KB, micromark ${(micromarkTotal / kbTotal).toFixed(2)} ms/KB (CPU time, whole text)`,
);
