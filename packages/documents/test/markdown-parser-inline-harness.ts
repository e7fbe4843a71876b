import type { Heading, Paragraph, PhrasingContent, Root } from 'mdast';
import { sourcePoints } from '../src/markdown-parser/inline-input';
import { parseInlines, parseTableCellInlines } from '../src/markdown-parser/inline-parser';
import { micromarkSyntaxTree } from '../src/micromark-reference';

/**
 * Test helpers for the inline parser: a markdown text that micromark reads as one paragraph
 * (beside definitions) gives the `InlineInput` the block parser would, read off
 * `micromarkSyntaxTree`'s tree (the paragraph's lines from its first character on, each
 * continuation line whole, as the inline parser takes them).
 */

export interface InlineCase {
  expected: PhrasingContent[];
  actual: () => PhrasingContent[];
}

function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The case for `markdown`, or undefined when its tree is not one paragraph (and definitions);
 * with `headings`, one heading too (its lines from its first child's start to its last
 * child's end: an ATX heading's closing sequence and trailing whitespace left out).
 */
export function inlineCase(markdown: string, headings = false): InlineCase | undefined {
  const tree: Root = micromarkSyntaxTree(markdown);
  const kinds = headings ? ['paragraph', 'heading'] : ['paragraph'];
  const paragraphs = tree.children.filter((node) => kinds.includes(node.type));
  if (
    paragraphs.length !== 1 ||
    !tree.children.every((node) => [...kinds, 'definition', 'footnoteDefinition'].includes(node.type))
  )
    return undefined;
  const paragraph = paragraphs[0] as Paragraph | Heading;
  if (paragraph.type === 'heading') {
    const first = paragraph.children[0];
    const last = paragraph.children[paragraph.children.length - 1];
    if (first === undefined || last === undefined) return undefined;
    paragraph.position = { start: first.position!.start, end: last.position!.end };
  }
  const definitions = new Set<string>();
  const footnoteDefinitions = new Set<string>();
  for (const node of tree.children) {
    if (node.type === 'definition') definitions.add(node.identifier);
    if (node.type === 'footnoteDefinition') footnoteDefinitions.add(node.identifier);
  }
  const start = paragraph.position!.start;
  const end = paragraph.position!.end;
  const lineStarts = [0];
  for (let index = 0; index < markdown.length; index++) {
    const code = markdown.charCodeAt(index);
    if (code === 13 && markdown.charCodeAt(index + 1) === 10) index++;
    if (code === 10 || code === 13) lineStarts.push(index + 1);
  }
  const lines: Array<[number, number]> = [];
  for (let line = start.line; line <= end.line; line++) {
    const from = line === start.line ? start.offset! : lineStarts[line - 1]!;
    let to = line < lineStarts.length ? lineStarts[line]! : markdown.length;
    if (line < lineStarts.length) {
      to--;
      if (markdown.charCodeAt(to - 1) === 13 && markdown.charCodeAt(to) === 10) to--;
    }
    // A heading's content ends at its last child's end (closing sequence and whitespace out).
    lines.push([from, paragraph.type === 'heading' && line === end.line ? end.offset! : to]);
  }
  const expected = plain(paragraph.children);
  return {
    expected,
    actual: () =>
      plain(
        parseInlines(
          { source: markdown, lines },
          { points: sourcePoints(markdown), definitions, footnoteDefinitions },
        ),
      ),
  };
}

interface TreeNode {
  type: string;
  identifier?: string;
  children?: TreeNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/**
 * Every paragraph, heading and table cell of a document, each with its lines as the block
 * parser gives them (a continuation line in a list item or quote from after the spaces and
 * `>` that start it: close enough for texts without code spans across such lines) and
 * micromark's children for it.
 */
export function documentCases(
  markdown: string,
): Array<InlineCase & { tableCell: boolean; read: () => PhrasingContent[] }> {
  const tree = micromarkSyntaxTree(markdown) as unknown as TreeNode;
  const definitions = new Set<string>();
  const footnoteDefinitions = new Set<string>();
  const found: Array<{ node: TreeNode; inContainer: boolean }> = [];
  const walk = (node: TreeNode, inContainer: boolean) => {
    if (node.type === 'definition') definitions.add(node.identifier!);
    if (node.type === 'footnoteDefinition') footnoteDefinitions.add(node.identifier!);
    if (['paragraph', 'heading', 'tableCell'].includes(node.type)) found.push({ node, inContainer });
    else
      for (const child of node.children ?? [])
        walk(child, inContainer || ['listItem', 'blockquote', 'footnoteDefinition'].includes(node.type));
  };
  walk(tree, false);
  const context = { points: sourcePoints(markdown), definitions, footnoteDefinitions };
  const cases: Array<InlineCase & { tableCell: boolean; read: () => PhrasingContent[] }> = [];
  for (const { node, inContainer } of found) {
    const children = node.children ?? [];
    const from = children[0]?.position?.start.offset;
    const to = children[children.length - 1]?.position?.end.offset;
    if (from === undefined || to === undefined) continue;
    const lines: Array<[number, number]> = [];
    let start = from;
    for (
      let index = markdown.indexOf('\n', from);
      index !== -1 && index < to;
      index = markdown.indexOf('\n', index + 1)
    ) {
      lines.push([start, markdown.charCodeAt(index - 1) === 13 ? index - 1 : index]);
      start = index + 1;
      if (inContainer) while (start < to && (markdown[start] === '>' || markdown[start] === ' ')) start++;
    }
    lines.push([start, to]);
    const tableCell = node.type === 'tableCell';
    // The parse alone (what `bench/markdown-inlines.ts` times), and its plain copy to compare.
    const read = () =>
      (tableCell ? parseTableCellInlines : parseInlines)({ source: markdown, lines }, context);
    cases.push({
      tableCell,
      read,
      expected: plain(children as PhrasingContent[]),
      actual: () => plain(read()),
    });
  }
  return cases;
}
