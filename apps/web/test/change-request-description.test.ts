// @vitest-environment node
/**
 * A change request's description as the app writes and reads it (issue 30, item 2): plain
 * paragraphs into GitBook's document, and a document's blocks back as paragraphs, whatever
 * their kind.
 */
import { describe, expect, it } from 'vitest';
import { documentOfText, paragraphsOf } from '../src/change-requests/description-document';

describe('the description of a change request, as the app writes it', () => {
  it('makes a paragraph of each run of lines between blank lines, and reads them back', () => {
    const document = documentOfText('  First line\nsame paragraph.\n\n\n  Second.  \n \n');
    expect(paragraphsOf(document)).toEqual(['First line same paragraph.', 'Second.']);
    expect((document.nodes as unknown[]).length).toBe(2);
  });

  it('writes an empty document for blank text (which clears it)', () => {
    expect(documentOfText(' \n\n \n')).toEqual({ object: 'document', data: {}, nodes: [] });
    expect(paragraphsOf(undefined)).toEqual([]);
  });

  it('reads the text of any block: a heading, a list, marks split in leaves', () => {
    const document = {
      object: 'document',
      nodes: [
        { object: 'block', type: 'heading-1', nodes: [{ object: 'text', leaves: [{ text: 'Why' }] }] },
        {
          object: 'block',
          type: 'list-unordered',
          nodes: [
            {
              object: 'block',
              type: 'list-item',
              nodes: [
                { object: 'text', leaves: [{ text: 'a ' }, { text: 'bold', marks: [{ type: 'bold' }] }] },
              ],
            },
          ],
        },
        { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: '  ' }] }] },
      ],
    };
    expect(paragraphsOf(document)).toEqual(['Why', 'a bold']);
  });
});
