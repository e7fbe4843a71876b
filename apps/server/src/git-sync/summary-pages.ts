/**
 * The markdown files a repository's `SUMMARY.md` makes pages (paths from the content's
 * root), as the reader takes them: with a table of contents, a markdown file it does not
 * list is no page, so it is not Quire's to replace or remove on export. The table of
 * contents itself and the readme count as listed.
 */
import { resolvePath } from '../imports/read-folder-tree';
import { readSummary, type SummaryItem } from '../imports/summary-contents';
import type { GitbookConfig } from './gitbook-config';

export function summaryPagesOf(text: string, structure: GitbookConfig['structure']): Set<string> {
  const listed = new Set([structure.summary, structure.readme]);
  const walk = (items: readonly SummaryItem[]) => {
    for (const item of items) {
      const path = item.link === null ? null : resolvePath(item.link, structure.summary);
      if (path !== null) listed.add(path);
      walk(item.children);
    }
  };
  walk(readSummary(text));
  return listed;
}
