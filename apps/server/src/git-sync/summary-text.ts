/**
 * The `SUMMARY.md` GitBook writes: `# Table of contents`, then every page in order as a
 * nested list of links (`* [Title](path)`, two spaces a level), so reading it back
 * (`readSummary`) gives the same titles, order and nesting. Titles are kept on one line,
 * `\`, `[` and `]` escaped; paths are URL-encoded segment by segment.
 */
import type { ExportedPage } from './exported-content';
import { relativeUrl } from './relative-url';

export function summaryTextOf(
  pages: readonly ExportedPage[],
  pathOf: ReadonlyMap<string, string>,
  summaryPath: string,
): string {
  const lines = ['# Table of contents', ''];
  const list = (siblings: readonly ExportedPage[], depth: number) => {
    for (const page of siblings) {
      const link = relativeUrl(summaryPath, pathOf.get(page.id) as string);
      lines.push(`${'  '.repeat(depth)}* [${escapeTitle(page.title)}](${link})`);
      list(page.children, depth + 1);
    }
  };
  list(pages, 0);
  return `${lines.join('\n')}\n`;
}

const escapeTitle = (title: string) => {
  const line = title.replace(/\s+/g, ' ').trim() || 'Untitled';
  return line.replace(/[\\[\]]/g, '\\$&');
};
