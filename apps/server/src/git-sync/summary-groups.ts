/**
 * GitBook's page groups in `SUMMARY.md` (issue 27, item 5): a `##` (or deeper) heading is a
 * group page (`RevisionPageGroup`) holding the top-level items listed under it, up to the
 * next heading. GitBook writes a heading with the group's slug as an empty anchor when the
 * slug is not the title's (`## Get Started <a href="#getting-started" id="getting-started"></a>`).
 *
 * Reading: the items before the first heading stay top-level pages; every heading, also one
 * with no item under it, becomes a group page in its place, titled by the heading's text,
 * slugged by its anchor's id (else by its title), with no file and no body.
 * Writing: a group is its heading line as read when its title and slug did not change
 * (byte for byte), else `## <title>`, with the anchor when the slug is not the title's.
 */
import type { SummaryLayout } from './summary-layout';

export interface GroupHeading {
  title: string;
  /** The anchor's id, when the heading has GitBook's empty anchor. */
  anchor?: string;
}

const ANCHOR = /^<a\s+href="#([^"<>]*)"\s+id="([^"<>]*)"\s*><\/a>$/i;

/**
 * The title and anchor of a group heading line (`## Title <a href="#id" id="id"></a>`). In
 * linear time: no pattern here can backtrack over the line (it is any text a repository holds).
 */
export function readGroupHeading(line: string): GroupHeading {
  let text = line.replace(/^#{2,6}/, '').trim();
  let anchor: RegExpExecArray | null = null;
  if (text.endsWith('</a>')) {
    const start = text.lastIndexOf('<a');
    anchor = start < 0 ? null : ANCHOR.exec(text.slice(start));
    if (anchor) text = text.slice(0, start).trimEnd();
  }
  text = withoutClosingHashes(text)
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .trim();
  const id = anchor?.[2] || anchor?.[1];
  return { title: text === '' ? 'Untitled' : text, ...(id ? { anchor: id } : {}) };
}

/** CommonMark's closing sequence of an ATX heading: `#`s at the end, after a space (or alone). */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === text.length) return text;
  if (end === 0) return '';
  const before = text[end - 1];
  return before === ' ' || before === '\t' ? text.slice(0, end).trimEnd() : text;
}

/** A top-level page of the reader, with the path its SUMMARY item links to (null: none). */
export interface ListedPage<P> {
  page: P;
  path: string | null;
}

/**
 * The top-level pages with the SUMMARY's groups made pages: `groupOf` makes the group page
 * of a heading with the pages listed under it. Pages before the first heading (or all, with
 * no heading) stay as they are; a page whose item the layout does not know (no link, a file
 * listed twice) goes with the page before it, or, before any listed page, stays at the top.
 */
export function groupedBySummary<P>(
  top: readonly ListedPage<P>[],
  layout: Pick<SummaryLayout, 'groups' | 'groupOfPage'>,
  groupOf: (heading: GroupHeading, index: number, children: P[]) => P,
): P[] {
  if (!layout.groups.some((heading) => heading !== null)) return top.map(({ page }) => page);
  const members = layout.groups.map((): P[] => []);
  // Pages before any listed one (a readme the SUMMARY does not list) stay at the top.
  const leading: P[] = [];
  let current = -1;
  for (const { page, path } of top) {
    const listed = path === null ? undefined : layout.groupOfPage.get(path);
    if (listed !== undefined) current = listed;
    (current < 0 ? leading : members[current])?.push(page);
  }
  return [
    ...leading,
    ...layout.groups.flatMap((heading, index) =>
      heading === null
        ? (members[index] ?? [])
        : [groupOf(readGroupHeading(heading), index, members[index] ?? [])],
    ),
  ];
}

/**
 * The heading line of a group page: as read (`previous`) when its title and slug are those
 * the line gives, else GitBook's form for them.
 */
export function groupHeadingLine(
  group: { title: string; slug: string },
  previous: readonly (string | null)[] | undefined,
  slugOfTitle: (title: string) => string,
): string {
  const title = group.title.replace(/\s+/g, ' ').trim() || 'Untitled';
  for (const line of previous ?? []) {
    if (line === null) continue;
    const heading = readGroupHeading(line);
    if (heading.title === title && slugOfTitle(heading.anchor ?? heading.title) === group.slug) return line;
  }
  const text = `## ${title.replace(/[\\[\]<>#*_`]/g, '\\$&')}`;
  return slugOfTitle(title) === group.slug
    ? text
    : `${text} <a href="#${group.slug}" id="${group.slug}"></a>`;
}
