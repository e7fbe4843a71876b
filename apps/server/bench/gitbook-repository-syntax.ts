/**
 * `tsx bench/gitbook-repository-syntax.ts <content folder> [--pages]`: a quick look, without a
 * server, at which pages of a GitBook-synced repository's checkout still show GitBook's
 * syntax as text once `@quire/documents` reads them (issue 27, item 6). Every `.md` file under
 * the folder but `SUMMARY.md` and `.gitbook/` is read as the import stores it (front matter
 * off) and searched as `gitbook-repository-measure.ts` searches the imported pages
 * (`gitbook-syntax.ts`). Links are not rewritten here, so the import's figures
 * (`gitbook-repositories.ts`) are the ones to record; this one is for finding the causes:
 * `--pages` lists each page with its constructs and the first text showing each.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { markdownToDocument, splitFrontMatter } from '@quire/documents';
import { LITERAL_SYNTAX, proseOf } from '../test/git-sync/gitbook-syntax';

const [folder] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!folder) {
  console.error('usage: tsx bench/gitbook-repository-syntax.ts <content folder> [--pages]');
  process.exit(2);
}
const listPages = process.argv.includes('--pages');

function markdownFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    if (name.startsWith('.')) continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) files.push(...markdownFiles(path));
    else if (name.endsWith('.md') && name !== 'SUMMARY.md') files.push(path);
  }
  return files;
}

const files = markdownFiles(folder);
const perConstruct = new Map<string, number>();
let withSyntax = 0;
for (const file of files) {
  let body: string;
  try {
    body = splitFrontMatter(readFileSync(file, 'utf8')).body;
  } catch {
    body = readFileSync(file, 'utf8');
  }
  const texts = proseOf(markdownToDocument(body));
  const found = LITERAL_SYNTAX.filter(([, pattern]) => texts.some((text) => pattern.test(text)));
  if (found.length === 0) continue;
  withSyntax += 1;
  for (const [name] of found) perConstruct.set(name, (perConstruct.get(name) ?? 0) + 1);
  if (!listPages) continue;
  console.log(relative(folder, file));
  for (const [name, pattern] of found) {
    const text = texts.find((candidate) => pattern.test(candidate)) as string;
    const at = Math.max(0, text.search(pattern) - 20);
    console.log(`    ${name.padEnd(26)} ${text.slice(at, at + 110).replace(/\s+/g, ' ')}`);
  }
}
console.log(`${folder}: ${files.length} pages, ${withSyntax} with GitBook syntax left as text`);
for (const [name, count] of [...perConstruct].sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(count).padStart(4)}  ${name}`);
