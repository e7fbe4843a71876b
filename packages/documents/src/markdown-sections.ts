/**
 * The readable text of a markdown body, cut into sections at its headings: what full-text
 * search indexes. Read from the parsed tree, so no formatting syntax (emphasis markers, link
 * targets, hint tags, front matter, raw HTML) ever reaches the text; code is text.
 * Each heading carries its anchor (`headingAnchors`, GitBook's).
 */
import type { Nodes, Root } from 'mdast';
import { headingAnchors } from './heading-anchors';
import { parseMarkdown } from './markdown-processor';

export interface MarkdownSection {
  /** The heading the text falls under; null for the text before the first heading. */
  heading: { title: string; anchor: string } | null;
  /** The section's text, its blocks separated by a line break. */
  text: string;
}

/** Node types whose content is not readable text. */
const SKIPPED = new Set(['yaml', 'html', 'definition']);

/** Nodes after which the text of the next block starts on a new line. */
const BLOCKS = new Set([
  'paragraph',
  'code',
  'blockquote',
  'listItem',
  'tableRow',
  'hint',
  'footnoteDefinition',
  'thematicBreak',
]);

/** The sections of `markdown` (the first one, before any heading, always present). */
export function markdownSections(markdown: string): MarkdownSection[] {
  return sectionsOfTree(parseMarkdown(markdown));
}

/** The sections of a parsed tree (`markdownSections` without the parse). */
export function sectionsOfTree(tree: Root): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  const titles = tree.children.flatMap((node) =>
    node.type === 'heading' ? [textOf(node).replace(/\s+/g, ' ').trim()] : [],
  );
  const anchors = headingAnchors(titles);
  let headingIndex = 0;
  let heading: MarkdownSection['heading'] = null;
  let parts: string[] = [];
  const close = () => {
    sections.push({
      heading,
      text: parts
        .join('')
        .replace(/[ \t]+/g, ' ')
        .replace(/\s*\n\s*/g, '\n')
        .trim(),
    });
    parts = [];
  };
  for (const node of tree.children) {
    if (node.type === 'heading') {
      close();
      heading = { title: titles[headingIndex] as string, anchor: anchors[headingIndex] as string };
      headingIndex++;
      continue;
    }
    parts.push(textOf(node), '\n');
  }
  close();
  return sections;
}

/** The readable text of `node`, walked with an explicit stack (a deep tree must not overflow). */
function textOf(node: Nodes): string {
  const out: string[] = [];
  const stack: Array<Nodes | '\n'> = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes | '\n';
    if (current === '\n') {
      out.push('\n');
      continue;
    }
    if (SKIPPED.has(current.type)) continue;
    if (current.type === 'text' || current.type === 'inlineCode' || current.type === 'code')
      out.push(current.value);
    else if (current.type === 'image' || current.type === 'imageReference') out.push(current.alt ?? '');
    else if (current.type === 'break') out.push(' ');
    if (BLOCKS.has(current.type)) stack.push('\n');
    if ('children' in current) {
      const children = current.children as Nodes[];
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push(children[i] as Nodes);
        // Table cells of a row are separated by a space, not glued together.
        if (current.type === 'tableRow' && i > 0) stack.push({ type: 'text', value: ' ' });
      }
    }
  }
  return out.join('');
}
