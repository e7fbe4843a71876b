/**
 * Instructions typed as plain text, as the document tree the server takes: one paragraph
 * per non-empty line (GitBook's document shape, what `jsonDocumentSchema` accepts).
 */
import type { InstructionsDocument } from './translation-types';

export function instructionsDocument(text: string): InstructionsDocument {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: lines.map((line) => ({
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    })),
  };
}
