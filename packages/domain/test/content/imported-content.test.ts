/**
 * `addImportedContent` with `storedForm` (pages already read by the `UntrustedMarkdown`
 * port): the same bodies, byte for byte, as normalizing each page again; only fewer parses.
 */
import { normalizeMarkdown } from '@quire/documents';
import { describe, expect, it } from 'vitest';
import { addImportedContent, type ImportedContent, type ImportedPage } from '../../src';

const page = (ref: string, markdown: string, children: ImportedPage[] = []): ImportedPage => ({
  ref,
  title: ref,
  markdown: normalizeMarkdown(markdown),
  children,
});

const content: ImportedContent = {
  pages: [
    page(
      'home',
      'Welcome, see [the guide](quire-import:page/guide#setup) and ![logo](quire-import:file/logo).',
      [
        page(
          'plain',
          'No *links* to rewrite, only [one out](https://example.com) and `quire-import:page/home`.',
        ),
        page(
          'escaped',
          'Escaped [home](quire\\-import\\:page/home) and [ref](quire&#45;import&#58;page/home).',
        ),
        page('missing', 'A [page the import does not hold](quire-import:page/nowhere).'),
      ],
    ),
    page(
      'guide',
      '{% content-ref url="quire-import:page/home" %}\n[Home](quire-import:page/home)\n{% endcontent-ref %}\n\n<figure><img src="quire-import:file/logo" alt="Logo"><figcaption><p>Logo</p></figcaption></figure>',
    ),
  ],
  files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', size: 3, hash: 'h' }],
  totalResources: 6,
  importedResources: 6,
};

const bodiesOf = (storedForm: boolean) => {
  let next = 0;
  const added = addImportedContent(new Map(), content, {
    now: '2026-01-01T00:00:00.000Z',
    newId: () => `id${next++}`,
    ...(storedForm ? { storedForm } : {}),
  });
  return [...added.pages.values()].map(
    (stored) => [stored.title, added.bodies.get(stored.body)?.markdown] as const,
  );
};

describe('addImportedContent of pages in the stored form', () => {
  it('stores the bodies normalizing them again would store', () => {
    const bodies = bodiesOf(true);
    expect(bodies).toEqual(bodiesOf(false));
    const of = new Map(bodies);
    expect(of.get('home')).toContain('[the guide](/pages/id4#setup)');
    expect(of.get('escaped')).not.toContain('quire');
    expect(of.get('plain')).toBe(content.pages[0]?.children[0]?.markdown);
  });
});

describe('addImportedContent of files', () => {
  it('names each file as a person could have (no name showing as another)', () => {
    const added = addImportedContent(
      new Map(),
      {
        ...content,
        files: [{ ref: 'logo', name: 'invoice\u202Efdp.exe', contentType: 'image/png', size: 3, hash: 'h' }],
      },
      { now: '2026-01-01T00:00:00.000Z', newId: () => 'id' },
    );
    expect(added.files.map((file) => file.name)).toEqual(['invoicefdp.exe']);
  });
});
