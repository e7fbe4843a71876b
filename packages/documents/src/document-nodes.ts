import type {
  DocumentBlockParagraph,
  DocumentInlineContent,
  DocumentLeaf,
  DocumentMark,
  DocumentMarkType,
  DocumentText,
  DocumentTextColor,
} from './document-types';

/**
 * Small constructors shared by both directions. Marks are kept in one order so that equal
 * formatting is one value: bold, italic, strikethrough, code, keyboard, superscript,
 * subscript, color.
 */
export const markOrder: readonly DocumentMarkType[] = [
  'bold',
  'italic',
  'strikethrough',
  'code',
  'keyboard',
  'superscript',
  'subscript',
];

/**
 * A mark as one string, so that a set of marks is a `Set<MarkKey>`: its type, or for a color
 * `color:<text>:<background>`.
 */
export type MarkKey = DocumentMarkType | `color:${string}:${string}`;

export function markKeyOf(mark: DocumentMark): MarkKey {
  return mark.type === 'color' ? `color:${mark.data.text}:${mark.data.background}` : mark.type;
}

export function colorKey(text: DocumentTextColor, background: DocumentTextColor): MarkKey {
  return `color:${text}:${background}`;
}

export function colorOfKey(
  key: MarkKey,
): { text: DocumentTextColor; background: DocumentTextColor } | undefined {
  if (!key.startsWith('color:')) return undefined;
  const [, text, background] = key.split(':') as [string, DocumentTextColor, DocumentTextColor];
  return { text, background };
}

export function marksOf(keys: ReadonlySet<MarkKey>): DocumentMark[] {
  const marks: DocumentMark[] = markOrder
    .filter((type) => keys.has(type))
    .map((type) => ({ object: 'mark', type }));
  // One color mark at most: the innermost one read (the last in the set).
  const color = [...keys]
    .reverse()
    .map(colorOfKey)
    .find((found) => found !== undefined);
  if (color !== undefined && (color.text !== 'default' || color.background !== 'default'))
    marks.push({ object: 'mark', type: 'color', data: color });
  return marks;
}

export function sameMarks(a: readonly DocumentMark[], b: readonly DocumentMark[]): boolean {
  return (
    a.length === b.length &&
    a.every((mark, index) => b[index] !== undefined && markKeyOf(mark) === markKeyOf(b[index]!))
  );
}

/** One text node per run of leaves; adjacent leaves with equal marks are one leaf. */
export function textOf(leaves: readonly DocumentLeaf[]): DocumentText {
  const merged: DocumentLeaf[] = [];
  for (const leaf of leaves) {
    if (leaf.text === '') continue;
    const previous = merged.at(-1);
    if (previous && sameMarks(previous.marks, leaf.marks)) previous.text += leaf.text;
    else merged.push({ object: 'leaf', text: leaf.text, marks: leaf.marks });
  }
  if (merged.length === 0) merged.push({ object: 'leaf', text: '', marks: [] });
  return { object: 'text', leaves: merged };
}

/** A block's inline content is never empty: an empty block holds one empty text (as in Slate). */
export function nonEmptyInlines(nodes: DocumentInlineContent[]): DocumentInlineContent[] {
  return nodes.length === 0 ? [textOf([])] : nodes;
}

export function paragraphOf(key: string, nodes: DocumentInlineContent[]): DocumentBlockParagraph {
  return { object: 'block', type: 'paragraph', key, data: {}, nodes: nonEmptyInlines(nodes) };
}

/**
 * Deterministic keys: a node's key is its position path from the document root (`3.0.1`), with
 * fragment names as segments (`4.caption.0`). The same markdown always gives the same tree;
 * keys are ignored on write.
 */
export function childKey(parentKey: string, segment: string | number): string {
  return parentKey === '' ? String(segment) : parentKey + '.' + segment;
}

/**
 * Where an annotation's text starts, when it is not the one word before its footnote reference
 * that GitBook's reader annotates (`to-markdown.ts` writes it, `to-document.ts` reads it): an
 * empty element, which shows nothing (not a comment: at a line's start, a comment opens an HTML
 * block and takes the line). Read as two html nodes, the opening and the closing.
 */
export const annotationStart = '<span data-annotation></span>';
export const annotationStartOpening = '<span data-annotation>';
