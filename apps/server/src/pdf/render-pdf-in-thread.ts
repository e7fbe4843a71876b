/**
 * The job thread's side of a PDF render (`pdf-render-job.ts` is the main thread's): the
 * document is drawn here with `renderPdf`, page bodies and images asked from the main thread
 * one at a time as they are drawn (it reads them from the store), each body's markdown turned
 * into its document tree here. Progress (pages drawn of the total) is told as it goes; the
 * PDF's bytes are the answer.
 */
import { Writable } from 'node:stream';
import { markdownToDocument } from '@quire/documents';
import type { ThreadLink } from '../worker-pools/thread-task';
import type { PdfBody, PdfImageRef, PdfPageEntry } from './pdf-document';
import { renderPdf } from './render-pdf';

export interface PdfInThread {
  title: string;
  pages: PdfPageEntry[];
  fileNames?: Record<string, string>;
}

/**
 * What the thread asks the main thread for: a page's markdown, an image's bytes (null: none),
 * or a reusable content's markdown (null: none).
 */
export type PdfQuestion = { body: number } | { image: PdfImageRef } | { reusable: string };

/** What the thread tells while drawing: pages drawn of the total. */
export type PdfProgress = [drawn: number, total: number];

export async function renderPdfInThread(
  { title, pages, fileNames }: PdfInThread,
  link: ThreadLink,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await renderPdf(
    {
      title,
      pages,
      ...(fileNames ? { fileNames } : {}),
      bodyOf: async (index) =>
        markdownToDocument(
          await link.ask<string>({ body: index } satisfies PdfQuestion),
        ) as unknown as PdfBody,
      imageOf: (ref) => link.ask<Uint8Array | null>({ image: ref } satisfies PdfQuestion),
      reusableOf: async (id) => {
        const markdown = await link.ask<string | null>({ reusable: id } satisfies PdfQuestion);
        if (markdown === null) return null;
        return { ...(markdownToDocument(markdown) as unknown as PdfBody), chars: markdown.length };
      },
    },
    sink,
    { onPageDrawn: (drawn, total) => link.tell([drawn, total] satisfies PdfProgress) },
  );
  return Buffer.concat(chunks);
}
