/**
 * GitBook's `SUMMARY.md`: the table of contents, a nested list of links
 * (`* [Title](path/to/page.md)`), nesting by indentation, under optional `#`/`##` headings
 * (GitBook's groups, read here as plain breaks: every list item is a page). An item without
 * a link (`* Title`) is a page with no file. Read line by line: the format is a list of
 * links and nothing else, and a line that is not a list item is skipped.
 */
export interface SummaryItem {
  title: string;
  /**
   * The link (relative to the SUMMARY) with its backslash escapes undone, as CommonMark reads
   * it (GitBook writes `error\_1.md` for `error_1.md`); null for an item without one.
   */
  link: string | null;
  children: SummaryItem[];
}

const ITEM = /^(\s*)[-*+]\s+(.*)$/;
/**
 * An item's link, `[title](link)` (`<link>`, a `"title"` after it), as `groups.title` and
 * `groups.link`. Read in linear time: the spaces after `(` are taken whole (a lookahead and
 * its backreference: JavaScript has no possessive `\s*+`), since giving them back one by one
 * to the spaces before a link title and `)` made a line's cost its length squared (a 1 MB
 * line of spaces: 20 minutes). The one match that needed them back, spaces then a link
 * title and no link, is the second alternative.
 */
export const SUMMARY_ITEM_LINK =
  /^\[(?<title>(?:[^\]\\]|\\.)*)\]\((?=(?<space>\s*))\k<space>(?:<?(?<link>[^)>\s]*)>?(?:\s+"[^"]*")?\s*\)|(?<=\s)"[^"]*"\s*\))/;

export function readSummary(text: string): SummaryItem[] {
  const top: SummaryItem[] = [];
  const open: { indent: number; item: SummaryItem }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = ITEM.exec(line.replaceAll('\t', '    '));
    if (!match) continue;
    const indent = match[1]?.length ?? 0;
    const rest = (match[2] ?? '').trim();
    const linked = SUMMARY_ITEM_LINK.exec(rest)?.groups;
    const item: SummaryItem = linked
      ? {
          title: unescapeTitle(linked.title ?? ''),
          link: unescapeLink(linked.link ?? '') || null,
          children: [],
        }
      : { title: rest, link: null, children: [] };
    if (item.title === '') continue;
    while (open.length > 0 && (open[open.length - 1]?.indent ?? 0) >= indent) open.pop();
    const parent = open[open.length - 1];
    (parent ? parent.item.children : top).push(item);
    open.push({ indent, item });
  }
  return top;
}

const unescapeTitle = (text: string) => text.replace(/\\(.)/g, '$1').trim();
/** CommonMark's backslash escapes: only before ASCII punctuation. */
const unescapeLink = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
