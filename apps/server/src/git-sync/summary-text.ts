/**
 * The `SUMMARY.md` GitBook writes: `# Table of contents`, then every page in order as a
 * nested list of links (`* [Title](path)`, two spaces a level), so reading it back
 * (`readSummary`) gives the same titles, order and nesting. Titles are kept on one line,
 * `\`, `[` and `]` escaped; paths are URL-encoded segment by segment.
 *
 * Group pages (`summary-groups.ts`) are `##` headings with their pages listed under them.
 * Written over the repository's own table of contents (`previous`, its layout), it keeps
 * that one's preamble, a group's heading line as written while its title and slug are the
 * same (content imported before groups were pages: the headings as read, a top-level page
 * under the heading it was listed under, a new one, or one moved among another group's
 * pages, joining the group of the page before it), its bullet
 * and indentation, and the line of every item whose path, title and depth did not change.
 */

import { slugOf } from '@quire/domain';
import type { ExportedPage } from './exported-content';
import { relativeUrl } from './relative-url';
import { groupHeadingLine } from './summary-groups';
import type { SummaryLayout } from './summary-layout';
import { linkItemText } from './summary-link-pages';

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
      const path = pathOf.get(page.id);
      // A link page is its item linking to its address (`summary-link-pages.ts`).
      const href = path === undefined ? page.href : undefined;
      // (A link to a page of the space has no item GitBook's SUMMARY.md can hold: left out.)
      if (path === undefined && href === undefined) continue;
      const then = href !== undefined ? previous?.links.get(href) : previous?.items.get(path as string);
      const title = oneLine(page.title);
      const line =
        then !== undefined && then.title === title && then.depth === depth
          ? then.line
          : href !== undefined
            ? linkItemText(bullet, title, href)
            : `${bullet} [${escapeTitle(title)}](${relativeUrl(summaryPath, path as string)})`;
      lines.push(`${indent.repeat(depth)}${line}`);
      list(page.children, depth + 1);
    }
  };
  if (pages.some((page) => page.type === 'group')) {
    // The groups are pages: each is its heading, its pages listed under it at the top level.
    let section: 'top' | 'group' | null = null;
    for (const page of pages) {
      if (page.type === 'group') {
        lines.push('', groupHeadingLine(page, previous?.groups, slugOf));
        section = 'group';
        if (page.children.length > 0) lines.push('');
        list(page.children, 0);
        continue;
      }
      // A page after a group is read back as one of its pages: SUMMARY.md has no way out of a group.
      if (section === null) lines.push('');
      section ??= 'top';
      if (section === 'group' && lines[lines.length - 1]?.startsWith('#')) lines.push('');
      list([page], 0);
    }
    return `${lines.join('\n')}\n`;
  }
  // Content read before groups were pages: the headings as the layout read them, by page.
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
