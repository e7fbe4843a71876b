/**
 * Content read from outside (an import, a template) added to a revision's pages: each
 * imported page gets an id, a slug unique among its siblings and a place after the
 * existing top-level pages; its body is normalized, with links the reader wrote as
 * `quire-import:page/<ref>` and `quire-import:file/<ref>` pointing at `/pages/<id>` and
 * `/files/<id>` (a ref the import does not hold is left as it was read).
 */
import { rewriteLinks } from '@quire/documents';
import type { ImportedContent, ImportedPage } from '../../core/ports/content-imports';
import { positionBetween } from '../positions/position-between';
import { addressOf } from './content-address';
import { slugOf, uniqueSlug } from './page-slug';
import type { BodyObject, FileEntry } from './records';
import { bySiblingOrder, type StoredPage } from './stored-page';

export interface AddedContent {
  pages: Map<string, StoredPage>;
  bodies: Map<string, BodyObject>;
  files: FileEntry[];
}

const PAGE_LINK = 'quire-import:page/';
const FILE_LINK = 'quire-import:file/';

export function addImportedContent(
  start: ReadonlyMap<string, StoredPage>,
  content: ImportedContent,
  env: { now: string; newId: () => string },
): AddedContent {
  const pages = new Map(start);
  const bodies = new Map<string, BodyObject>();
  const pageIds = new Map<string, string>();
  const assignIds = (list: readonly ImportedPage[]) => {
    for (const page of list) {
      pageIds.set(page.ref, env.newId());
      assignIds(page.children);
    }
  };
  assignIds(content.pages);
  const files = content.files.map((file) => ({ ref: file.ref, entry: fileEntryOf(file, env.newId()) }));
  const fileIds = new Map(files.map(({ ref, entry }) => [ref, entry.id]));
  // Link and image targets only (the parsed tree's), never text that looks like one.
  const targetOf = (url: string): string | undefined => {
    const hash = url.indexOf('#');
    const [target, anchor] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
    const page = target.startsWith(PAGE_LINK) ? pageIds.get(target.slice(PAGE_LINK.length)) : undefined;
    if (page !== undefined) return `/pages/${page}${anchor}`;
    const file = target.startsWith(FILE_LINK) ? fileIds.get(target.slice(FILE_LINK.length)) : undefined;
    return file === undefined ? undefined : `/files/${file}`;
  };

  const place = (list: readonly ImportedPage[], parentId: string | null) => {
    const siblings = [...pages.values()].filter((page) => page.parentId === parentId).sort(bySiblingOrder);
    const taken = new Set(siblings.map((page) => page.slug));
    let previous = siblings[siblings.length - 1]?.position ?? null;
    for (const imported of list) {
      const id = pageIds.get(imported.ref) as string;
      const body: BodyObject = { kind: 'body', markdown: rewriteLinks(imported.markdown, targetOf) };
      const address = addressOf(body);
      bodies.set(address, body);
      const position = positionBetween(previous, null);
      const slug = uniqueSlug(slugOf(imported.title), taken);
      taken.add(slug);
      pages.set(id, {
        id,
        parentId,
        position,
        title: imported.title || 'Untitled',
        slug,
        hidden: false,
        createdAt: env.now,
        updatedAt: env.now,
        body: address,
      });
      previous = position;
      place(imported.children, id);
    }
  };
  place(content.pages, null);
  return { pages, bodies, files: files.map(({ entry }) => entry) };
}

function fileEntryOf(file: ImportedContent['files'][number], id: string): FileEntry {
  return {
    id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    hash: file.hash,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  };
}
