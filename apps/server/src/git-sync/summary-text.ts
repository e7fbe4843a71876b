/**
 * The `SUMMARY.md` GitBook writes: `# Table of contents`, then every page in order as a
 * nested list of links (`* [Title](path)`, two spaces a level), so reading it back
 * (`readSummary`) gives the same titles, order and nesting. Titles are kept on one line,
 * `\`, `[` and `]` escaped; paths are URL-encoded segment by segment.
 *
 * Written over the repository's own table of contents (`previous`, its layout), it keeps
 * that one's preamble, its group headings as written (a top-level page stays under the
 * heading it was listed under; a new one, or one moved among another group's pages, joins
 * the group of the page before it), its bullet
 * and indentation, and the line of every item whose path, title and depth did not change.
 */
import type { ExportedPage } from './exported-content';
import { relativeUrl } from './relative-url';
import type { SummaryLayout } from './summary-layout';

export function summaryTextOf(
  pages: readonly ExportedPage[],
  pathOf: ReadonlyMap<string, string>,
  summaryPath: string,
  previous?: SummaryLayout,
): string {
  const bullet = previous?.bullet ?? '*';
  const indent = previous?.indent ?? '  ';
  const lines = previous && previous.preamble.length > 0 ? [...previous.preamble] : ['# Table of contents'];
  const list = (siblings: readonly ExportedPage[], depth: number) => {
    for (const page of siblings) {
      const path = pathOf.get(page.id) as string;
      const then = previous?.items.get(path);
      const title = oneLine(page.title);
      const line =
        then !== undefined && then.title === title && then.depth === depth
          ? then.line
          : `${bullet} [${escapeTitle(title)}](${relativeUrl(summaryPath, path)})`;
      lines.push(`${indent.repeat(depth)}${line}`);
      list(page.children, depth + 1);
    }
  };
  const listedGroups = pages.map((page) => previous?.groupOfPage.get(pathOf.get(page.id) as string));
  // A new page before any listed one joins the group of the first listed page after it.
  const nextGroup = [...listedGroups];
  for (let at = nextGroup.length - 2; at >= 0; at--) nextGroup[at] ??= nextGroup[at + 1];
  let group: number | undefined;
  const left = new Set<number>();
  for (const [index, page] of pages.entries()) {
    let own = listedGroups[index] ?? group ?? nextGroup[index];
    // A page moved among another group's pages joins that group: a heading is written once.
    if (own !== undefined && left.has(own)) own = group;
    if (index === 0 || own !== group) {
      if (group !== undefined) left.add(group);
      const heading = own === undefined ? null : (previous?.groups[own] ?? null);
      lines.push('');
      if (heading !== null) lines.push(heading, '');
    }
    group = own;
    list([page], 0);
  }
  return `${lines.join('\n')}\n`;
}

const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim() || 'Untitled';
const escapeTitle = (title: string) => title.replace(/[\\[\]]/g, '\\$&');
