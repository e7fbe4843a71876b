/**
 * `<br>` alone on a line, GitBook's empty paragraph (issue 27, item 6: found on a real
 * repository's page, where it showed as the text `<br>`). Our own fixtures.
 */
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../src/markdown-processor';
import { markdownToDocument } from '../src/to-document';
import { documentToMarkdown } from '../src/to-markdown';

describe("GitBook's empty paragraph", () => {
  it('reads <br> alone on a line as a paragraph without text, never as the text <br>', () => {
    for (const br of ['<br>', '<br/>', '<BR />']) {
      const document = markdownToDocument(`The end of a section.\n\n${br}\n\nThe next one.\n`);
      expect(document.nodes.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'paragraph']);
      expect(JSON.stringify(document.nodes[1])).not.toContain('<br');
      // Written as any empty paragraph is (left out), and stable from there.
      const written = documentToMarkdown(document);
      expect(written).toBe('The end of a section.\n\nThe next one.\n');
      expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
    }
  });

  it('keeps the stored markdown as written, and a <br> inside prose a line break', () => {
    expect(normalizeMarkdown('A\n\n<br>\n\nB\n')).toBe('A\n\n<br>\n\nB\n');
    const [paragraph] = markdownToDocument('One<br>two\n').nodes;
    expect(JSON.stringify(paragraph)).toContain('One\\ntwo');
  });
});
