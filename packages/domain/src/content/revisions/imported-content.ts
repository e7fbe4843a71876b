/**
 * Content read from outside (an import, a template) added to a revision's pages: each
 * imported page gets an id, a slug unique among its siblings and a place after the
 * existing top-level pages; its body is normalized, with links the reader wrote as
 * `quire-import:page/<ref>` and `quire-import:file/<ref>` pointing at `/pages/<id>` and
 * `/files/<id>` (a ref the import does not hold is left as it was read).
 */
import { rewriteLinks } from '@quire/documents';
import { positionBetween } from '../positions/position-between';
import { addressOf } from './content-address';
import type { ImportedContent, ImportedPage } from './content-imports';
import { slugOf, uniqueSlug } from './page-slug';
import type { BodyObject, FileEntry, GitBlobRecord } from './records';
import { bySiblingOrder, type StoredPage } from './stored-page';

export interface AddedContent {
  pages: Map<string, StoredPage>;
  bodies: Map<string, BodyObject>;
  files: FileEntry[];
}

// `targetOf` changes no URL but these (the importers print them literally).
const IMPORT_LINK = 'quire-import:';
const PAGE_LINK = `${IMPORT_LINK}page/`;
const FILE_LINK = `${IMPORT_LINK}file/`;

export interface ImportEnvironment {
  now: string;
  newId: () => string;
  /**
   * The id to keep for the page placed under `parentId` with `slug`, when the content
   * replaces a revision's (a Git Sync import keeps the ids of the pages still at the same
   * path, so links, comments and history still find them); absent: a new id.
   */
  idFor?: (parentId: string | null, slug: string) => string | undefined;
  /** The id to keep for a file of this content (the same bytes and name as before). */
  fileIdFor?: (file: ImportedContent['files'][number]) => string | undefined;
  /** The provider's page of a repository file (`repoTreeURL` + path), for the pages' and files' `git.url`. */
  blobUrl?: (path: string) => string;
  /**
   * Every page's markdown is the stored form already (read by the `UntrustedMarkdown` port,
   * `acceptedImport`, and not changed since): a body is then its markdown as it is unless a
   * `quire-import:` target changes, and a page that cannot spell one is not parsed again.
   * Absent (a template's pages): each body is normalized.
   */
  storedForm?: boolean;
}

export function addImportedContent(
  start: ReadonlyMap<string, StoredPage>,
  content: ImportedContent,
  env: ImportEnvironment,
): AddedContent {
  const pages = new Map(start);
  const bodies = new Map<string, BodyObject>();
  const placed = new Map<ImportedPage, { id: string; slug: string }>();
  const pageIds = new Map<string, string>();
  // Slugs first (unique among siblings, the existing ones included), then ids: a kept id
  // depends on the page's place, and links anywhere may point at any page.
  const assign = (list: readonly ImportedPage[], parentId: string | null) => {
    const taken = new Set(
      [...pages.values()].filter((page) => page.parentId === parentId).map((page) => page.slug),
    );
    for (const imported of list) {
      const slug = uniqueSlug(slugOf(imported.title), taken);
      taken.add(slug);
      const kept = env.idFor?.(parentId, slug);
      const id = kept !== undefined && !isTaken(kept) ? kept : env.newId();
      placed.set(imported, { id, slug });
      pageIds.set(imported.ref, id);
      assign(imported.children, id);
    }
  };
  const usedIds = new Set<string>();
  const isTaken = (id: string) => {
    if (usedIds.has(id)) return true;
    usedIds.add(id);
    return false;
  };
  assign(content.pages, null);
  const files = content.files.map((file) => {
    const entry = fileEntryOf(file, env.fileIdFor?.(file) ?? env.newId());
    return { ref: file.ref, entry: file.git ? { ...entry, git: blobOf(file.git, env) } : entry };
  });
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
    let previous = siblings[siblings.length - 1]?.position ?? null;
    for (const imported of list) {
      const { id, slug } = placed.get(imported) as { id: string; slug: string };
      const markdown = env.storedForm
        ? rewriteLinks(imported.markdown, targetOf, { canonical: true, onlyUnder: IMPORT_LINK })
        : rewriteLinks(imported.markdown, targetOf);
      const body: BodyObject = { kind: 'body', markdown };
      const address = addressOf(body);
      bodies.set(address, body);
      const position = positionBetween(previous, null);
      pages.set(id, {
        id,
        parentId,
        position,
        title: imported.title || 'Untitled',
        slug,
        ...(imported.emoji !== undefined ? { emoji: imported.emoji } : {}),
        ...(imported.icon !== undefined ? { icon: imported.icon } : {}),
        ...(imported.description !== undefined ? { description: imported.description } : {}),
        hidden: imported.hidden ?? false,
        ...(imported.git ? { git: blobOf(imported.git, env) } : {}),
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

function blobOf(git: { oid: string; path: string }, env: ImportEnvironment): GitBlobRecord {
  return { oid: git.oid, path: git.path, ...(env.blobUrl ? { url: env.blobUrl(git.path) } : {}) };
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
