/**
 * Content read from outside (an import, a template) added to a revision's pages: each
 * imported page gets an id, a slug unique among its siblings and a place after the
 * existing top-level pages; its body is normalized, with links the reader wrote as
 * `quire-import:page/<ref>` and `quire-import:file/<ref>` pointing at `/pages/<id>` and
 * `/files/<id>` (a ref the import does not hold is left as it was read).
 */
import { type LinkTargets, rewriteLinks, rewriteOfTargets } from '@quire/documents';
import { positionBetween } from '../positions/position-between';
import { addressOf } from './content-address';
import type { ImportedContent, ImportedPage } from './content-imports';
import { importedFileName } from './file-name';
import { slugOf, uniqueSlug } from './page-slug';
import { pageTypeOf, storedPageType } from './page-types';
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

/**
 * Where the content goes before any body is written: each page's id and slug, each file's
 * entry, and the import's links to its own pages and files as targets (data, for a reading
 * that resolves them on a markdown thread: `acceptedBodies`). `addImportedContent` places
 * the content by it; made once, its ids are the ones the pages get.
 */
export interface ImportPlan {
  placed: ReadonlyMap<ImportedPage, { id: string; slug: string }>;
  files: ReadonlyArray<{ ref: string; entry: FileEntry }>;
  /** `quire-import:page/<ref>` (its anchor kept) to `/pages/<id>`, `quire-import:file/<ref>` to `/files/<id>`. */
  links: LinkTargets;
}

export function planImport(
  start: ReadonlyMap<string, StoredPage>,
  content: ImportedContent,
  env: ImportEnvironment,
): ImportPlan {
  const placed = new Map<ImportedPage, { id: string; slug: string }>();
  const pageLinks = new Map<string, string>();
  // Slugs first (unique among siblings, the existing ones included), then ids: a kept id
  // depends on the page's place, and links anywhere may point at any page.
  const assign = (list: readonly ImportedPage[], parentId: string | null) => {
    const taken = new Set(
      [...start.values()].filter((page) => page.parentId === parentId).map((page) => page.slug),
    );
    for (const imported of list) {
      const slug = uniqueSlug(slugOf(imported.slug ?? imported.title), taken);
      taken.add(slug);
      const kept = env.idFor?.(parentId, slug);
      const id = kept !== undefined && !isTaken(kept) ? kept : env.newId();
      placed.set(imported, { id, slug });
      pageLinks.set(`${PAGE_LINK}${imported.ref}`, `/pages/${id}`);
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
  const fileLinks = new Map(files.map(({ ref, entry }) => [`${FILE_LINK}${ref}`, `/files/${entry.id}`]));
  return { placed, files, links: { keepingAnchor: pageLinks, droppingAnchor: fileLinks } };
}

/**
 * The content added by `plan` (made here when not given). With `bodies` (`acceptedBodies`
 * for this plan's links), each page's body is its entry there, already the stored form with
 * its links resolved; a page without one is read as `storedForm` says.
 */
export function addImportedContent(
  start: ReadonlyMap<string, StoredPage>,
  content: ImportedContent,
  env: ImportEnvironment,
  plan: ImportPlan = planImport(start, content, env),
  bodies?: ReadonlyMap<ImportedPage, string>,
): AddedContent {
  const pages = new Map(start);
  const objects = new Map<string, BodyObject>();
  const { placed, files } = plan;
  // Link and image targets only (the parsed tree's), never text that looks like one.
  const targetOf = rewriteOfTargets(plan.links);

  const place = (list: readonly ImportedPage[], parentId: string | null) => {
    const siblings = [...pages.values()].filter((page) => page.parentId === parentId).sort(bySiblingOrder);
    let previous = siblings[siblings.length - 1]?.position ?? null;
    for (const imported of list) {
      const { id, slug } = placed.get(imported) as { id: string; slug: string };
      const markdown =
        bodies?.get(imported) ??
        (env.storedForm
          ? rewriteLinks(imported.markdown, targetOf, { canonical: true, onlyUnder: IMPORT_LINK })
          : rewriteLinks(imported.markdown, targetOf));
      const body: BodyObject = { kind: 'body', markdown };
      const address = addressOf(body);
      objects.set(address, body);
      const position = positionBetween(previous, null);
      pages.set(id, {
        id,
        // A group (a SUMMARY heading) or a link stays one (`page-types.ts`).
        ...storedPageType(pageTypeOf(imported), imported.target),
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
  return { pages, bodies: objects, files: files.map(({ entry }) => entry) };
}

function blobOf(git: { oid: string; path: string }, env: ImportEnvironment): GitBlobRecord {
  return { oid: git.oid, path: git.path, ...(env.blobUrl ? { url: env.blobUrl(git.path) } : {}) };
}

function fileEntryOf(file: ImportedContent['files'][number], id: string): FileEntry {
  return {
    id,
    name: importedFileName(file.name),
    contentType: file.contentType,
    size: file.size,
    hash: file.hash,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  };
}
