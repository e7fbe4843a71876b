/**
 * The anchors of a page's headings, GitBook's way: the slug of the heading's text (lowercase,
 * letters and digits kept, runs of anything else one '-'), 'section' when nothing is left, a
 * repeated one numbered '-1', '-2'... in document order. The server indexes its search
 * sections under them and the web app gives its rendered headings the same ids, so both take
 * them from here. No imports: the web app bundles this file (`@quire/documents/heading-anchors`).
 */

/** The slug of a heading's text, as GitBook makes anchors (empty when nothing is left). */
export function headingSlug(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The anchor of each of a page's headings, given their texts in document order. */
export function headingAnchors(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const base = headingSlug(title) || 'section';
    const times = seen.get(base) ?? 0;
    seen.set(base, times + 1);
    return times === 0 ? base : `${base}-${times}`;
  });
}
