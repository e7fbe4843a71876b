/**
 * `tsx bench/markdown-corpus.ts <folder>...`: issue 27's conversion target measured on real
 * pages rather than on `gitbook-markdown.ts`'s repeated blocks. Every `.md` file of at least
 * 1 KB under the folders (checkouts of GitBook-synced documentation, brought with `fetch` and
 * kept outside the project) converted markdown -> document as a read of a stored page does
 * (`markdownToDocument`): per page, the median CPU time of 7 runs per KB of text; then the
 * median, the 90th percentile and the worst over the pages, and how many pages take 2 ms per
 * KB or more. The syntax tree alone per KB of the whole corpus too: Quire's tokenizer
 * (`markdownSyntaxTree`) and micromark's, the reference it replaced (`micromarkSyntaxTree`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { markdownToDocument } from '@quire/documents';
import { markdownSyntaxTree } from '@quire/documents/markdown-processor';
import { micromarkSyntaxTree } from '@quire/documents/micromark-reference';
import { medianCpuMs } from './cpu-time';

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: tsx bench/markdown-corpus.ts <folder>...');
  process.exit(2);
}

function markdownFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) files.push(...markdownFiles(path));
    else if (name.endsWith('.md')) files.push(path);
  }
  return files;
}

interface Page {
  path: string;
  kb: number;
  msPerKb: number;
}

const pages: Page[] = [];
const texts: string[] = [];
for (const folder of folders) {
  for (const file of markdownFiles(folder)) {
    const text = readFileSync(file, 'utf8');
    const kb = Buffer.byteLength(text) / 1024;
    if (kb < 1) continue;
    texts.push(text);
    pages.push({
      path: relative(folder, file),
      kb,
      msPerKb: (await medianCpuMs(() => markdownToDocument(text), { runs: 7, warm: 3 })) / kb,
    });
  }
}
if (pages.length === 0) {
  console.error('no markdown page of 1 KB or more under', folders.join(', '));
  process.exit(1);
}

const corpusKb = pages.reduce((sum, page) => sum + page.kb, 0);
const treeMsPerKb = async (read: (text: string) => unknown) =>
  (await medianCpuMs(
    () => {
      for (const text of texts) read(text);
    },
    { runs: 3, warm: 3 },
  )) / corpusKb;
const syntaxTreeMsPerKb = await treeMsPerKb(markdownSyntaxTree);
const micromarkMsPerKb = await treeMsPerKb(micromarkSyntaxTree);

const sorted = [...pages].sort((a, b) => a.msPerKb - b.msPerKb);
const at = (share: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as Page).msPerKb;
const over = pages.filter((page) => page.msPerKb >= 2);
console.log(
  `${pages.length} pages of 1 KB or more, ${corpusKb.toFixed(0)} KB; markdown -> document per page: ` +
    `median ${at(0.5).toFixed(2)}, p90 ${at(0.9).toFixed(2)} ms per KB; ${over.length} at 2 ms per KB or more`,
);
console.log(
  `the syntax tree alone, the whole corpus: ${syntaxTreeMsPerKb.toFixed(2)} ms per KB (micromark's: ${micromarkMsPerKb.toFixed(2)})`,
);
console.log('the slowest pages:');
for (const page of sorted.slice(-8).reverse())
  console.log(`  ${page.msPerKb.toFixed(2)} ms per KB  ${page.kb.toFixed(1).padStart(6)} KB  ${page.path}`);
