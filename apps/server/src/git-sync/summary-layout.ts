/**
 * How a repository's `SUMMARY.md` is laid out, read so that rewriting it (the outline
 * changed in Quire) keeps what GitBook and its authors wrote around the list:
 *
 * - the preamble: the lines before the first group heading or list item (`# Table of
 *   contents`);
 * - the groups: a `##` (or deeper) heading line as written (GitBook's page groups, with the
 *   anchor GitBook adds: `## Guides <a href="#guides" id="guides"></a>`), and the top-level
 *   pages listed under it, by path;
 * - each item's line as written (its escapes, its URL encoding, a link title), by path (an
 *   item linking to another site: by its address), with the title and depth it had, so an
 *   item that did not change is written as it was;
 * - the list's style: its bullet (`*`, `-`, `+`) and the indentation of one level.
 *
 * Read line by line, as `readSummary` reads the list (an item's depth from its indentation).
 */
import { resolvePath } from '../imports/read-folder-tree';
import { SUMMARY_ITEM_LINK } from '../imports/summary-contents';

export interface SummaryLayout {
  preamble: string[];
  /** The group headings in order; null for the items listed before the first heading. */
  groups: (string | null)[];
  /** The group (index in `groups`) of each top-level page, by path from the content's root. */
  groupOfPage: Map<string, number>;
  /** Each listed item as written (without its indentation), by path from the content's root. */
  items: Map<string, { line: string; title: string; depth: number }>;
  /** Each item linking to another site (a link page) as written, by its address. */
  links: Map<string, { line: string; title: string; depth: number }>;
  bullet: string;
  indent: string;
}

const ITEM = /^(\s*)([-*+])\s+(.*)$/;
const GROUP = /^#{2,6}\s+\S/;

export function readSummaryLayout(text: string, summaryPath: string): SummaryLayout {
  const layout: SummaryLayout = {
    preamble: [],
    groups: [],
    groupOfPage: new Map(),
    items: new Map(),
    links: new Map(),
    bullet: '*',
    indent: '  ',
  };
  let started = false;
  let bulletSeen = false;
  let smallestIndent = Number.POSITIVE_INFINITY;
  const open: number[] = [];
  for (const line of text.split(/\r?\n/)) {
    const expanded = line.replaceAll('\t', '    ');
    const item = ITEM.exec(expanded);
    if (!item) {
      if (GROUP.test(line)) {
        started = true;
        layout.groups.push(line.trimEnd());
      } else if (!started) layout.preamble.push(line);
      continue;
    }
    if (!started || layout.groups.length === 0) {
      started = true;
      if (layout.groups.length === 0) layout.groups.push(null);
    }
    const indent = item[1]?.length ?? 0;
    if (!bulletSeen) {
      layout.bullet = item[2] ?? '*';
      bulletSeen = true;
    }
    if (indent > 0) smallestIndent = Math.min(smallestIndent, indent);
    while (open.length > 0 && (open[open.length - 1] ?? 0) >= indent) open.pop();
    const depth = open.length;
    open.push(indent);
    const rest = (item[3] ?? '').trim();
    const linked = SUMMARY_ITEM_LINK.exec(rest)?.groups;
    const link = linked && (linked.link ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
    const path = link ? resolvePath(link, summaryPath) : null;
    const title = (linked?.title ?? '').replace(/\\(.)/g, '$1').trim();
    if (path === null && link !== undefined && /^https?:\/\//i.test(link) && !layout.links.has(link))
      layout.links.set(link, { line: `${item[2]} ${rest}`, title, depth });
    if (path === null || layout.items.has(path)) continue;
    layout.items.set(path, { line: `${item[2]} ${rest}`, title, depth });
    if (depth === 0) layout.groupOfPage.set(path, layout.groups.length - 1);
  }
  if (Number.isFinite(smallestIndent)) layout.indent = ' '.repeat(smallestIndent);
  while (layout.preamble.length > 0 && layout.preamble[layout.preamble.length - 1]?.trim() === '')
    layout.preamble.pop();
  return layout;
}
