/**
 * The readable text of a markdown body, cut into sections: what full-text search indexes.
 * Read from the parsed tree, so no formatting syntax (emphasis markers, link targets, block
 * tags and their attributes, front matter, raw HTML) ever reaches the text; code is text,
 * math is not (its source is markup, not words).
 *
 * Sections, in document order:
 * - the text before the first heading, always present (`heading: null`);
 * - one per heading of the page itself (not one in a quote, a list or a block), its anchor
 *   GitBook's (`headingAnchors`, as the web app gives its headings), or the one the heading
 *   spells (`explicitAnchorOf`);
 * - one per titled block at any depth (`blockSectionTitle`): a tab (its `title`), a step
 *   (its first heading, or a first paragraph all in bold), an expandable (its summary). Its
 *   text is the block's content; the text after the block goes on in the section the block
 *   stands in, so a heading's section holds the text around its tabs and the tabs follow it.
 *   Its anchor is numbered after the headings' (`headingAnchors` over the headings' titles
 *   then the blocks'), so adding a tab never changes a heading's anchor.
 *
 * Text of nested blocks (tabs, steps, columns, updates, hints, expandables, conditional
 * content, captions of files and embeds, image captions, GitBook's HTML tables' cells, aligned
 * paragraphs, highlighted code, alt texts of images and drawings written in HTML, buttons'
 * labels) is in the section holding them; an aligned heading is a heading.
 */
import type { Heading, Nodes, Paragraph, PhrasingContent, Root } from 'mdast';
import type { GitbookBlock } from './gitbook-blocks';
import { cardsTextColumns } from './gitbook-cards-columns';
import { headingAnchors } from './heading-anchors';
import { parseMarkdown } from './markdown-processor';

export interface MarkdownSection {
  /** The heading or block title the text falls under; null for the text before the first heading. */
  heading: { title: string; anchor: string } | null;
  /** The section's text, its blocks separated by a line break. */
  text: string;
}

/** Node types whose content is not readable text. */
const SKIPPED = new Set(['yaml', 'html', 'definition', 'math', 'inlineMath', 'openapiOperation']);

/** Nodes after which the text of the next block starts on a new line. */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'gitbookParagraph',
  'gitbookHeading',
  'code',
  'gitbookHighlightedCode',
  'gitbookTableRow',
  'gitbookTableCell',
  'gitbookDrawing',
  'blockquote',
  'listItem',
  'tableRow',
  'hint',
  'gitbookBlock',
  'gitbookDetails',
  'gitbookFigure',
  'gitbookCards',
  'footnoteDefinition',
  'thematicBreak',
]);

/** The sections of `markdown` (the first one, before any heading, always present). */
export function markdownSections(markdown: string): MarkdownSection[] {
  return sectionsOfTree(parseMarkdown(markdown));
}

/** A section being read: its title, and its text's parts. */
interface OpenSection {
  title: string | null;
  /** The anchor the source gives the heading (GitBook's `<a href="#x" id="x"></a>`), if any. */
  id?: string;
  parts: string[];
}

/** What the walk meets: a node to read into a section, or a line break of a section. */
type Step = { node: Nodes; into: OpenSection } | { newline: OpenSection };

/** The sections of a parsed tree (`markdownSections` without the parse). */
export function sectionsOfTree(tree: Root): MarkdownSection[] {
  const headingSections: OpenSection[] = [];
  const blockSections: OpenSection[] = [];
  const ordered: OpenSection[] = [{ title: null, parts: [] }];
  let current = ordered[0] as OpenSection;
  for (const node of tree.children) {
    if (node.type === 'heading' || node.type === 'gitbookHeading') {
      // An aligned heading (`<h2 align="center">`) is a heading of the page as any other.
      const id = node.type === 'heading' ? explicitAnchorOf(node) : node.id;
      current = { title: collapse(textOf(node)), ...(id ? { id } : {}), parts: [] };
      headingSections.push(current);
      ordered.push(current);
      continue;
    }
    walk(node, current, (titled) => {
      blockSections.push(titled);
      ordered.push(titled);
    });
  }
  const anchors = headingAnchors(
    [...headingSections, ...blockSections].map((section) => section.title ?? ''),
  );
  const anchorOf = new Map(
    [...headingSections, ...blockSections].map((section, i) => [section, section.id ?? anchors[i]]),
  );
  return ordered.map((section) => ({
    heading:
      section.title === null ? null : { title: section.title, anchor: anchorOf.get(section) as string },
    text: section.parts
      .join('')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim(),
  }));
}

/**
 * Walks `root`'s text into `into`, with an explicit stack (a deep tree must not overflow);
 * a titled block opens a section of its own (told to `opened`), its content read into it.
 */
function walk(root: Nodes, into: OpenSection, opened: (section: OpenSection) => void): void {
  const stack: Step[] = [{ node: root, into }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    if ('newline' in step) {
      step.newline.parts.push('\n');
      continue;
    }
    const { node } = step;
    let target = step.into;
    if (SKIPPED.has(node.type)) continue;
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code')
      target.parts.push(node.value);
    else if (node.type === 'image') target.parts.push([node.alt, node.title].filter(Boolean).join(' '));
    else if (node.type === 'imageReference') target.parts.push(node.alt ?? '');
    else if (node.type === 'break') target.parts.push(' ');
    else if (node.type === 'gitbookButton' || node.type === 'gitbookSizedButton')
      target.parts.push(node.label);
    // Images written in HTML: their alt text (and a sized image's caption), as a markdown image's.
    else if (node.type === 'gitbookPicture' || node.type === 'gitbookDrawing')
      target.parts.push(node.alt ?? '');
    else if (node.type === 'gitbookInlineImage')
      target.parts.push([node.alt, node.caption].filter(Boolean).join(' '));
    // Highlighted code is code: its lines are text, as a code block's.
    else if (node.type === 'gitbookHighlightedCode')
      target.parts.push(node.lines.map((line) => line.text).join('\n'));
    if (BLOCKS.has(node.type)) stack.push({ newline: target });
    let children = childrenOf(node);
    if (children === undefined) continue;
    const titled = blockSectionTitle(node);
    if (titled) {
      target = { title: titled.title, parts: [] };
      opened(target);
      if (titled.titleNode) children = children.filter((child) => child !== titled.titleNode);
    }
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i] as Nodes, into: target });
      // Table cells of a row are separated by a space, not glued together.
      if ((node.type === 'tableRow' || node.type === 'gitbookTableRow') && i > 0)
        stack.push({ node: { type: 'text', value: ' ' }, into: target });
    }
  }
}

/**
 * What is read inside a node: its children, or for GitBook's HTML blocks the text they hold
 * in fields of their own (a figure's alt and caption, the cells of cards but those holding
 * a card's target or cover, which are URLs).
 */
function childrenOf(node: Nodes): Nodes[] | undefined {
  switch (node.type) {
    case 'gitbookFigure':
      return [{ type: 'text', value: node.alt + ' ' }, ...node.caption];
    case 'gitbookCards': {
      const columns = cardsTextColumns(node);
      const cells: PhrasingContent[] = [];
      for (const index of columns)
        cells.push(...(node.columns[index]?.title ?? []), { type: 'text', value: ' ' });
      cells.push({ type: 'text', value: '\n' });
      for (const row of node.rows) {
        for (const index of columns) cells.push(...(row[index] ?? []), { type: 'text', value: ' ' });
        cells.push({ type: 'text', value: '\n' });
      }
      return cells;
    }
    case 'gitbookTable': {
      // A grid's header cells, then its rows.
      const header: PhrasingContent[] = [];
      for (const column of node.columns) header.push(...column.title, { type: 'text', value: ' ' });
      return [...header, ...node.children];
    }
    default:
      return 'children' in node ? (node.children as Nodes[]) : undefined;
  }
}

/**
 * The title of a block that is a section of its own, and the child that spells it (left out
 * of the section's text): a tab's `title`; a step's first heading, or its first paragraph
 * when all of it is bold; an expandable's summary. Undefined for any other node, and for a
 * titled block whose title is empty.
 */
export function blockSectionTitle(node: Nodes): { title: string; titleNode?: Nodes } | undefined {
  if (node.type === 'gitbookDetails') {
    const title = collapse(node.summary.map(textOf).join(''));
    return title === '' ? undefined : { title };
  }
  if (node.type !== 'gitbookBlock') return undefined;
  const block = node as GitbookBlock;
  if (block.name === 'tab') {
    const title = collapse(block.attributes.title ?? '');
    return title === '' ? undefined : { title };
  }
  if (block.name === 'step') {
    const first = block.children[0];
    if (first?.type === 'heading' || (first?.type === 'paragraph' && isAllBold(first))) {
      const title = collapse(textOf(first as Heading | Paragraph));
      return title === '' ? undefined : { title, titleNode: first as Nodes };
    }
  }
  return undefined;
}

/**
 * The anchor GitBook writes into a heading, `## Setup <a href="#setup" id="setup"></a>`: an
 * html node of an `<a>` with an `id` in GitBook's pattern. The heading's anchor is that id
 * (links to `page.md#setup` point at it), the other anchors numbered as before.
 */
function explicitAnchorOf(heading: Heading): string | undefined {
  for (const child of heading.children) {
    if (child.type !== 'html') continue;
    const match = /^<a\s[^>]*\bid="([-a-z0-9.+_]+)"[^>]*>$/.exec(child.value);
    if (match) return match[1];
  }
  return undefined;
}

function isAllBold(paragraph: Paragraph): boolean {
  return paragraph.children.length === 1 && paragraph.children[0]?.type === 'strong';
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The plain text of inline content (a heading's title), walked with an explicit stack: the
 * same text the web app reads for its headings' ids (inline math's source included).
 */
function textOf(node: Nodes): string {
  const out: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes;
    if (current.type === 'html') continue;
    if (current.type === 'text' || current.type === 'inlineCode' || current.type === 'inlineMath')
      out.push(current.value);
    else if (current.type === 'image' || current.type === 'imageReference') out.push(current.alt ?? '');
    else if (current.type === 'break') out.push(' ');
    if ('children' in current)
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as Nodes);
  }
  return out.join('');
}
