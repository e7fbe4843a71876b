/**
 * A 'markdown' import: one page from one markdown file (`readMarkdownPage`: title from the
 * front matter, else the first `#` heading, else the file name). Bytes that are not text
 * (a NUL byte, or not UTF-8) are 'not-that-type'; an empty file is 'empty'.
 *
 * The body is not parsed here: the import job reads every page's markdown through the
 * `UntrustedMarkdown` port (its threads and budget, `acceptedImport`), which normalizes it.
 */
import { ContentImportError, type ImportedContent } from '@quire/domain';
import { readMarkdownPage } from './markdown-page';
import { titleOfSegment } from './page-tree-of-paths';

export function readMarkdownFile(bytes: Uint8Array, name: string): ImportedContent {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ContentImportError('not-that-type', 'The file is not a markdown (UTF-8 text) file');
  }
  if (text.includes('\0'))
    throw new ContentImportError('not-that-type', 'The file is not a markdown (UTF-8 text) file');
  if (text.trim() === '') throw new ContentImportError('empty', 'The markdown file is empty');
  const page = readMarkdownPage(text, titleOfSegment(name.replace(/\.(md|markdown)$/i, '')));
  return {
    pages: [{ ref: 'page-1', title: page.title, markdown: page.body, children: [] }],
    files: [],
    totalResources: 1,
    importedResources: 1,
  };
}
