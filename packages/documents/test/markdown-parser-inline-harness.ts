import type { Heading, Paragraph, PhrasingContent, Root } from 'mdast';
import { sourcePoints } from '../src/markdown-parser/inline-input';
import { parseInlines } from '../src/markdown-parser/inline-parser';
import { markdownSyntaxTree } from '../src/markdown-processor';

/**
 * Test helpers for the inline parser: a markdown text that micromark reads as one paragraph
 * (beside definitions) gives the `InlineInput` the block parser would, read off
 * `markdownSyntaxTree`'s tree (the paragraph's lines from its first character on, each
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
  const tree: Root = markdownSyntaxTree(markdown);
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
