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
 *
 * Conditional content (`{% if %}` blocks: shown only to visitors whose claims make the
 * condition true) is read into its section by `markdownSections`; `conditionalSectionsOfTree`
 * keeps it apart instead (`ConditionalText`, tagged with its conditions), so what is read
 * from `sections` alone is only ever the text every reader sees.
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

/**
 * Text of a page inside `if` blocks, kept apart from its sections (`conditionalSectionsOfTree`):
 * shown only to a visitor for whom every one of `conditions` holds.
 */
export interface ConditionalText {
  /** The expressions of the `if` blocks the text is inside, outermost first. */
  conditions: string[];
  /** The anchor of the section the text is in; null for the text before the first heading. */
  section: string | null;
  /**
   * Set when the text is a section of its own (a tab, step or expandable inside `if` blocks):
   * its title (its anchor is `section`). The other texts of that section name it too.
   */
  title?: string;
  text: string;
}

/** Sections without the conditional content, and the conditional content apart. */
export interface ConditionalSections {
  sections: MarkdownSection[];
  conditional: ConditionalText[];
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
  /** The `if` blocks the section is inside (a titled block in one), outermost first. */
  conditions: readonly string[];
  parts: string[];
  /** Parts inside further `if` blocks than the section's own, by their conditions (when kept apart). */
  conditional: Map<string, { conditions: readonly string[]; parts: string[] }>;
}

/** Where a walk puts text: into the section, or apart when it is inside more `if` blocks than it. */
interface Into {
  section: OpenSection;
  conditions: readonly string[];
}

/** What the walk meets: a node to read into a section, or a line break of a section. */
type Step = { node: Nodes; into: Into } | { newline: Into };

/** The sections of a parsed tree (`markdownSections` without the parse). */
export function sectionsOfTree(tree: Root): MarkdownSection[] {
  return readSections(tree, false).sections;
}

/**
 * The sections of a parsed tree with the text of `if` blocks apart (`ConditionalText`): the
 * sections hold only what is outside every `if` block, and a titled block inside one is no
 * section of them (its anchor is numbered as if it were, so anchors do not depend on it).
 */
export function conditionalSectionsOfTree(tree: Root): ConditionalSections {
  return readSections(tree, true);
}

const newSection = (title: string | null, conditions: readonly string[], id?: string): OpenSection => ({
  title,
  ...(id ? { id } : {}),
  conditions,
  parts: [],
  conditional: new Map(),
});

const textOfParts = (parts: readonly string[]): string =>
  parts
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();

function readSections(tree: Root, apart: boolean): ConditionalSections {
  const headingSections: OpenSection[] = [];
  const blockSections: OpenSection[] = [];
  const ordered: OpenSection[] = [newSection(null, [])];
  let current = ordered[0] as OpenSection;
  for (const node of tree.children) {
    if (node.type === 'heading' || node.type === 'gitbookHeading') {
      // An aligned heading (`<h2 align="center">`) is a heading of the page as any other.
      const id = node.type === 'heading' ? explicitAnchorOf(node) : node.id;
      current = newSection(collapse(textOf(node)), [], id);
      headingSections.push(current);
      ordered.push(current);
      continue;
    }
    walk(node, current, apart, (titled) => {
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
  const sections: MarkdownSection[] = [];
  const conditional: ConditionalText[] = [];
  for (const section of ordered) {
    const heading =
      section.title === null ? null : { title: section.title, anchor: anchorOf.get(section) as string };
    const text = textOfParts(section.parts);
    if (section.conditions.length === 0) sections.push({ heading, text });
    else
      conditional.push({
        conditions: [...section.conditions],
        section: heading?.anchor ?? null,
        ...(heading ? { title: heading.title } : {}),
        text,
      });
    for (const part of section.conditional.values()) {
      const partText = textOfParts(part.parts);
      if (partText !== '')
        conditional.push({
          conditions: [...part.conditions],
          section: heading?.anchor ?? null,
          text: partText,
        });
    }
  }
  return { sections, conditional };
}

/** The parts `into` puts text in: the section's own, or (apart) those of its further conditions. */
function partsOf(into: Into): string[] {
  const { section, conditions } = into;
  if (conditions.length <= section.conditions.length) return section.parts;
  const key = conditions.join('\u0000');
  let kept = section.conditional.get(key);
  if (!kept) {
    kept = { conditions, parts: [] };
    section.conditional.set(key, kept);
  }
  return kept.parts;
}

/**
 * Walks `root`'s text into `into`, with an explicit stack (a deep tree must not overflow);
 * a titled block opens a section of its own (told to `opened`), its content read into it.
 * With `apart`, the text inside an `if` block goes to the parts of its conditions.
 */
function walk(
  root: Nodes,
  section: OpenSection,
  apart: boolean,
  opened: (section: OpenSection) => void,
): void {
  const stack: Step[] = [{ node: root, into: { section, conditions: section.conditions } }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    if ('newline' in step) {
      partsOf(step.newline).push('\n');
      continue;
    }
    const { node } = step;
    let into = step.into;
    if (SKIPPED.has(node.type)) continue;
    const parts = partsOf(into);
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') parts.push(node.value);
    else if (node.type === 'image') parts.push([node.alt, node.title].filter(Boolean).join(' '));
    else if (node.type === 'imageReference') parts.push(node.alt ?? '');
    else if (node.type === 'break') parts.push(' ');
    else if (node.type === 'gitbookButton' || node.type === 'gitbookSizedButton') parts.push(node.label);
    // Images written in HTML: their alt text (and a sized image's caption), as a markdown image's.
    else if (node.type === 'gitbookPicture' || node.type === 'gitbookDrawing') parts.push(node.alt ?? '');
    else if (node.type === 'gitbookInlineImage')
      parts.push([node.alt, node.caption].filter(Boolean).join(' '));
    // Highlighted code is code: its lines are text, as a code block's.
    else if (node.type === 'gitbookHighlightedCode')
      parts.push(node.lines.map((line) => line.text).join('\n'));
    if (BLOCKS.has(node.type)) stack.push({ newline: into });
    let children = childrenOf(node);
    if (children === undefined) continue;
    const condition = apart ? ifConditionOf(node) : undefined;
    if (condition !== undefined)
      into = { section: into.section, conditions: [...into.conditions, condition] };
    const titled = blockSectionTitle(node);
    if (titled) {
      const opening = newSection(titled.title, into.conditions);
      opened(opening);
      into = { section: opening, conditions: opening.conditions };
      if (titled.titleNode) children = children.filter((child) => child !== titled.titleNode);
    }
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i] as Nodes, into });
      // Table cells of a row are separated by a space, not glued together.
      if ((node.type === 'tableRow' || node.type === 'gitbookTableRow') && i > 0)
        stack.push({ node: { type: 'text', value: ' ' }, into });
    }
  }
}

/** The condition of an `if` block (GitBook's conditional content); undefined for any other node. */
function ifConditionOf(node: Nodes): string | undefined {
  if (node.type !== 'gitbookBlock') return undefined;
  const block = node as GitbookBlock;
  return block.name === 'if' ? (block.argument ?? '') : undefined;
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
