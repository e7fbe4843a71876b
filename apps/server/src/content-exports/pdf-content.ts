/**
 * What a PDF renders, read from the store: the revision the target names, its pages in tree
 * order (all of them, or one page and its subpages), bodies' markdown one at a time, images
 * of the revision's files from the blob store, and the revision's reusable contents that a
 * page includes (another space's are not read: the link signs this space's content only). The signed link was the
 * permission (signed by the server for someone who could view the content when they asked,
 * valid for a while), so no caller is checked here; a space deleted since, a revision that
 * is not the space's, or a page not in it, is not found.
 */
import {
  type DomainServices,
  filesOf,
  findRevision,
  loadBodies,
  pageIndexOf,
  reusableContentsOf,
  type StoredPage,
} from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import type { PdfDocument, PdfImageRef } from '../pdf/pdf-document';

/**
 * Everything a PDF's bytes depend on: revisions are immutable, so these give the same PDF
 * every time. The space's title is the document's title when the whole space is printed.
 */
export interface PdfRenderTarget {
  spaceId: string;
  revisionId: string;
  pageId?: string;
  /** The space's title when the render was asked for (the title page of a whole space). */
  spaceTitle: string;
}

export type PdfContentServices = Pick<DomainServices, 'repos'> & { blobs: StoredBlobs };

/**
 * A PDF's content as the main thread holds it: a `PdfDocument` whose bodies are the pages'
 * markdown, turned into trees by the job thread that draws it (`pdf/render-pdf-in-thread.ts`).
 */
export interface PdfContent extends Omit<PdfDocument, 'bodyOf' | 'reusableOf'> {
  /** The markdown of `pages[index]` ('' when it has none). */
  markdownOf(index: number): Promise<string>;
  /** The markdown of the revision's reusable content `id`, null when it has none of that id. */
  reusableMarkdownOf(id: string): Promise<string | null>;
}

/** Images larger than this are drawn as placeholders (a PDF is not a way to ship big files). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export async function pdfDocumentOf(
  services: PdfContentServices,
  link: PdfRenderTarget,
): Promise<PdfContent | null> {
  const space = await services.repos.spaces.findById(link.spaceId);
  if (!space || space.deletedAt !== undefined) return null;
  const revision = await findRevision(services, space, link.revisionId);
  if (!revision) return null;
  const [index, files, reusableContents] = await Promise.all([
    pageIndexOf(services, revision.tree),
    filesOf(services, revision),
    reusableContentsOf(services, revision),
  ]);
  const root = link.pageId === undefined ? null : (index.pages.get(link.pageId) ?? null);
  if (link.pageId !== undefined && !root) return null;

  const entries: Array<{ page: StoredPage; depth: number }> = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const page of index.children.get(parentId) ?? []) {
      entries.push({ page, depth });
      walk(page.id, depth + 1);
    }
  };
  if (root) {
    entries.push({ page: root, depth: 0 });
    walk(root.id, 1);
  } else walk(null, 0);

  const fileById = new Map(files.map((file) => [file.id, file]));
  return {
    title: root ? root.title : link.spaceTitle || 'Untitled space',
    pages: entries.map(({ page, depth }) => ({ id: page.id, title: page.title, depth })),
    fileNames: Object.fromEntries(files.map((file) => [file.id, file.name])),
    async markdownOf(i: number): Promise<string> {
      const page = entries[i]?.page;
      if (!page) return '';
      // Read here rather than through the read cache of trees: an export would push out the
      // trees kept for page reads.
      return (await loadBodies(services, [page.body])).get(page.body) ?? '';
    },
    async reusableMarkdownOf(id: string): Promise<string | null> {
      const reusable = reusableContents.get(id);
      if (!reusable) return null;
      return (await loadBodies(services, [reusable.body])).get(reusable.body) ?? null;
    },
    async imageOf(ref: PdfImageRef): Promise<Uint8Array | null> {
      // Images from elsewhere are not fetched while printing: only the revision's own files.
      if (ref.kind !== 'file') return null;
      const file = fileById.get(ref.file);
      if (!file || file.size > MAX_IMAGE_BYTES) return null;
      const stream = await services.blobs.open(file.hash);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
