/**
 * A revision's content as a copy of it starts (a duplicated space): the same pages, files and
 * reusable contents, without where a Git Sync import read them from (`git` on each of them).
 *
 * Why: a duplicate is a fresh space (GitBook's), synced with no repository. Sharing the
 * original's objects, it showed the original's commit on its first revision and the
 * original's blobs and paths on its pages and files: its history named a commit of a
 * repository it was never synced with. What its exports write never depended on it (a blob
 * is reused only when the repository written to holds it, `git-sync/recorded-places.ts`).
 *
 * Cost: the page trees are read (`loadPages`: a read per level); only what carried a `git` is
 * written again, with the trees above it (a page without one keeps its object, a tree none
 * of whose pages changed keeps its address), so a space never synced shares every object with
 * its copy, as before.
 */
import type { DomainServices } from '../../core/context';
import { addressOf } from './content-address';
import { buildTree, loadPages } from './page-tree';
import type { ContentObject, RevisionRecord } from './records';
import { filesObject } from './revision-writer';
import type { StoredPages } from './stored-page';

type Objects = Pick<DomainServices, 'repos'>;
type ContentFields = Pick<RevisionRecord, 'tree' | 'files' | 'reusableContents'>;

/** The revision's content fields without Git provenance, and the objects to store for them. */
export async function contentWithoutGit(
  services: Objects,
  revision: RevisionRecord,
): Promise<{ fields: ContentFields; objects: Map<string, ContentObject> }> {
  const objects = new Map<string, ContentObject>();
  const [tree, files, reusableContents] = await Promise.all([
    treeWithoutGit(services, revision.tree, objects),
    filesWithoutGit(services, revision.files, objects),
    revision.reusableContents === undefined
      ? undefined
      : treeWithoutGit(services, revision.reusableContents, objects),
  ]);
  return {
    fields: { tree, files, ...(reusableContents !== undefined ? { reusableContents } : {}) },
    objects,
  };
}

/** The address of the tree at `address` with no page's `git` (the same address when none had one). */
async function treeWithoutGit(
  services: Objects,
  address: string,
  objects: Map<string, ContentObject>,
): Promise<string> {
  const pages = await loadPages(services, address);
  const stripped: StoredPages = new Map();
  let changed = false;
  for (const [id, page] of pages) {
    if (page.git === undefined) {
      stripped.set(id, page);
      continue;
    }
    // Without `loaded`, the page (and each tree above it) is written anew.
    const { git: _git, loaded: _loaded, ...rest } = page;
    stripped.set(id, rest);
    changed = true;
  }
  if (!changed) return address;
  const built = buildTree(stripped);
  for (const [at, object] of built.objects) objects.set(at, object);
  return built.tree;
}

/** The address of the files object at `address` with no file's `git` (the same when none had one). */
async function filesWithoutGit(
  services: Objects,
  address: string,
  objects: Map<string, ContentObject>,
): Promise<string> {
  const object = (await services.repos.contentObjects.getMany([address])).get(address);
  if (object?.kind !== 'files' || !object.files.some((file) => file.git !== undefined)) return address;
  const files = filesObject(object.files.map(({ git: _git, ...file }) => file));
  const filesAddress = addressOf(files);
  objects.set(filesAddress, files);
  return filesAddress;
}
