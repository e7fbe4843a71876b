/**
 * A page's headings get ids, so that `#anchor` in its address (a search result's section, a
 * link to a heading) leads to them. The anchors are the server's (`markdownSections` of
 * `@quire/documents`, GitBook's way): the slug of the heading's text (lowercase, letters and
 * digits kept, runs of anything else one '-'), 'section' when nothing is left, a repeated one
 * numbered '-1', '-2'... in order; only the page's own headings (not one in a quote or list).
 * The app's test holds the two to the same answers.
 */

/** The parts of the markdown tree read here (mdast). */
interface MarkdownNode {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MarkdownNode[];
  data?: { hProperties?: Record<string, unknown> };
}

/** The slug of a heading's text, before it is numbered. */
export function headingAnchorOf(title: string): string {
  return (
    title
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

function textOf(node: MarkdownNode): string {
  if (node.type === 'html') return '';
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if (node.type === 'break') return ' ';
  if (node.value !== undefined) return node.value;
  return (node.children ?? []).map(textOf).join('');
}

/** A remark plugin: each of the page's headings gets its anchor as id. */
export function remarkHeadingAnchors() {
  return (tree: MarkdownNode) => {
    const seen = new Map<string, number>();
    for (const node of tree.children ?? []) {
      if (node.type !== 'heading') continue;
      const anchor = headingAnchorOf(textOf(node).replace(/\s+/g, ' ').trim());
      const times = seen.get(anchor) ?? 0;
      seen.set(anchor, times + 1);
      node.data = {
        ...node.data,
        hProperties: { ...node.data?.hProperties, id: times === 0 ? anchor : `${anchor}-${times}` },
      };
    }
  };
}
