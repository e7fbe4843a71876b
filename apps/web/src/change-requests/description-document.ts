/**
 * A change request's description is GitBook's document tree on the API; the app writes it as
 * plain text: paragraphs split at blank lines (a single line break joins the lines of a
 * paragraph), and reads it back as the text of its blocks, one paragraph each.
 */

interface DocumentNode {
  object?: string;
  text?: string;
  leaves?: ReadonlyArray<{ text?: string }>;
  nodes?: readonly DocumentNode[];
}

/** GitBook's document of the text's paragraphs; no paragraph: an empty document (which clears it). */
export function documentOfText(text: string): Record<string, unknown> {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
  return {
    object: 'document',
    data: {},
    nodes: paragraphs.map((paragraph) => ({
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: paragraph, marks: [] }] }],
    })),
  };
}

function textOf(node: DocumentNode): string {
  if (node.leaves) return node.leaves.map((leaf) => leaf.text ?? '').join('');
  if (typeof node.text === 'string') return node.text;
  return (node.nodes ?? []).map(textOf).join('');
}

/** The text of each top block of a document (a list or a table reads as its text run together). */
export function paragraphsOf(document: Record<string, unknown> | undefined): string[] {
  const blocks = (document?.nodes ?? []) as readonly DocumentNode[];
  return blocks.map(textOf).filter((paragraph) => paragraph.trim() !== '');
}
