/**
 * A page's headings get ids, so that `#anchor` in its address (a search result's section, a
 * link to a heading) leads to them. The anchors are the server's: the same rule
 * (`headingAnchors` of `@quire/documents`, GitBook's way) over the same texts, of only the
 * page's own headings (not one in a quote or list). The app's test holds the texts read here
 * to the server's (`markdownSections`), which reads them from its own parse.
 */
import { headingAnchors } from '@quire/documents/heading-anchors';

/** The parts of the markdown tree read here (mdast). */
interface MarkdownNode {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MarkdownNode[];
  data?: { hProperties?: Record<string, unknown> };
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
    const headings = (tree.children ?? []).filter((node) => node.type === 'heading');
    const anchors = headingAnchors(headings.map((node) => textOf(node).replace(/\s+/g, ' ').trim()));
    headings.forEach((node, index) => {
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: anchors[index] } };
    });
  };
}
