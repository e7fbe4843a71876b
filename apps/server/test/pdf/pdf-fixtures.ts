/**
 * Documents for the PDF tests and the bench: pages written in markdown, turned into document
 * trees by `@quire/documents` as the server does (`documentOfBody`), and
 * images served from a map.
 */
import { markdownToDocument } from '@quire/documents';
import type { PdfDocument, PdfImageRef, PdfIncluded } from '../../src/pdf/pdf-document';

export interface MarkdownPage {
  id: string;
  title: string;
  depth: number;
  markdown: string;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function markdownDocument(
  title: string,
  pages: readonly MarkdownPage[],
  images: ReadonlyMap<string, Uint8Array> = new Map(),
): PdfDocument & { bodiesAsked: number[] } {
  const bodiesAsked: number[] = [];
  return {
    title,
    pages: pages.map(({ id, title, depth }) => ({ id, title, depth })),
    bodiesAsked,
    bodyOf: async (index) => {
      bodiesAsked.push(index);
      return markdownToDocument(pages[index]?.markdown ?? '');
    },
    imageOf: async (ref: PdfImageRef) => (ref.kind === 'url' ? (images.get(ref.url) ?? null) : null),
  };
}

/** A reusable content's markdown as the drawing thread hands it over (`render-pdf-in-thread.ts`). */
export const includedDocument = (markdown: string): PdfIncluded => ({
  ...markdownToDocument(markdown),
  chars: markdown.length,
});
