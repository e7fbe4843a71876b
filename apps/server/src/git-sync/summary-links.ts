/**
 * The links of a `SUMMARY.md` checked before anything is read through them: a link to
 * another site (`https://...`) is a page with no body, any other must stay inside the
 * content's root. `..` past the root, an absolute path, a backslash or a NUL refuses the
 * whole repository ('unsafe-path', naming the link): a table of contents that reaches out
 * of its folder is path traversal, not a mistake to guess around.
 */
import { ContentImportError } from '@quire/domain';
import { readSummary, type SummaryItem } from '../imports/summary-contents';

export function checkSummaryLinks(text: string, summaryPath: string): void {
  const depth = summaryPath.split('/').length - 1;
  const check = (items: readonly SummaryItem[]) => {
    for (const item of items) {
      if (item.link !== null) checkLink(item.link, depth, summaryPath);
      check(item.children);
    }
  };
  check(readSummary(text));
}

function checkLink(link: string, depth: number, summaryPath: string): void {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) && !/^[a-z]:/i.test(link)) return;
  const refuse = (why: string) =>
    new ContentImportError(
      'unsafe-path',
      `${summaryPath} links to "${link.replaceAll('\0', '\\0')}", ${why}`,
    );
  let path: string;
  try {
    path = decodeURIComponent(link.replace(/[?#].*$/, ''));
  } catch {
    path = link;
  }
  if (path.includes('\0')) throw refuse('which holds a NUL character');
  if (path.includes('\\')) throw refuse('which holds a backslash');
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) throw refuse('an absolute path');
  let level = depth;
  for (const segment of path.split('/')) {
    if (segment === '..') level--;
    else if (segment !== '' && segment !== '.') level++;
    if (level < 0) throw refuse('outside the content');
  }
}
