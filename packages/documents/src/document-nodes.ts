import type {
  DocumentBlockParagraph,
  DocumentInlineContent,
  DocumentLeaf,
  DocumentMark,
  DocumentMarkType,
  DocumentText,
} from './document-types';

/**
 * Small constructors shared by both directions. Marks are kept in one order so that equal
 * formatting is one value: bold, italic, strikethrough, code.
 */
export const markOrder: readonly DocumentMarkType[] = ['bold', 'italic', 'strikethrough', 'code'];

export function marksOf(types: ReadonlySet<DocumentMarkType>): DocumentMark[] {
  return markOrder.filter((type) => types.has(type)).map((type) => ({ object: 'mark', type }));
}

export function sameMarks(a: readonly DocumentMark[], b: readonly DocumentMark[]): boolean {
  return a.length === b.length && a.every((mark, index) => mark.type === b[index]?.type);
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
