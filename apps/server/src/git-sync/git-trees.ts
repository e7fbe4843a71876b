/**
 * Git trees as flat maps from paths to entries, and back: listing a tree (recursively,
 * through isomorphic-git's object reader, packed or loose), and building the trees of a
 * flat map bottom-up. Tree and blob oids are computed here (SHA-1 of Git's object
 * encoding), so an object the repository already holds is never written again: only what
 * changed is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { GitRepositoryError } from '@quire/domain';
import git from 'isomorphic-git';

export interface TreeEntry {
  /** `100644`, `100755`, `120000` (symlink), `160000` (submodule), `40000` (tree). */
  mode: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

export interface ObjectStore {
  gitdir: string;
  cache: object;
}

/** The entries of tree `oid` (none for no tree). */
export async function treeEntries(
  store: ObjectStore,
  oid: string | undefined,
): Promise<Map<string, TreeEntry>> {
  const entries = new Map<string, TreeEntry>();
  if (oid === undefined) return entries;
  const { tree } = await git.readTree({ fs, ...store, oid });
  for (const entry of tree)
    entries.set(entry.path, { mode: gitMode(entry.mode), oid: entry.oid, type: entry.type });
  return entries;
}

/** The oid of the tree at `folder` (`` for the root) under tree `root`, or undefined. */
export async function subtreeOid(
  store: ObjectStore,
  root: string,
  folder: string,
): Promise<string | undefined> {
  let oid: string | undefined = root;
  for (const segment of folder === '' ? [] : folder.split('/')) {
    const entry: TreeEntry | undefined = (await treeEntries(store, oid)).get(segment);
    if (entry?.type !== 'tree') return undefined;
    oid = entry.oid;
  }
  return oid;
}

/**
 * Every blob, symlink and submodule under tree `oid`, by path from it, refusing a tree that
 * lists more than `maxEntries` entries on the way (files, folders, symlinks and submodules,
 * hidden ones too). Why: a tree may name one subtree many times, so a handful of small
 * objects (five trees of 30 entries, each naming the next 30 times) unfold into millions of
 * paths — a tree bomb, which held the server 14 s and 500 MB at 810,000 paths and exhausts
 * its memory one level deeper. The count stops the walk before that.
 */
export async function flatTree(
  store: ObjectStore,
  oid: string | undefined,
  maxEntries: number,
): Promise<Map<string, TreeEntry>> {
  const flat = new Map<string, TreeEntry>();
  let listed = 0;
  const walk = async (tree: string, prefix: string) => {
    const entries = await treeEntries(store, tree);
    listed += entries.size;
    if (listed > maxEntries)
      throw new GitRepositoryError(
        'invalid-content',
        `The repository's folder lists more than ${maxEntries} files and folders`,
      );
    for (const [name, entry] of entries) {
      if (entry.type === 'tree') await walk(entry.oid, `${prefix}${name}/`);
      else flat.set(`${prefix}${name}`, entry);
    }
  };
  if (oid !== undefined) await walk(oid, '');
  return flat;
}

/** Every tree oid under (and including) tree `oid`; a subtree named again is not walked again. */
export async function treeOidsUnder(store: ObjectStore, oid: string | undefined): Promise<Set<string>> {
  const oids = new Set<string>();
  const walk = async (tree: string) => {
    if (oids.has(tree)) return;
    oids.add(tree);
    for (const entry of (await treeEntries(store, tree)).values())
      if (entry.type === 'tree') await walk(entry.oid);
  };
  if (oid !== undefined) await walk(oid);
  return oids;
}

export function blobOidOf(bytes: Uint8Array): string {
  return objectOid('blob', bytes);
}

/**
 * Writes the trees of `flat` (paths to entries) that `known` does not hold, and answers the
 * top tree's oid.
 */
export async function writeTrees(
  store: ObjectStore,
  flat: ReadonlyMap<string, TreeEntry>,
  known: ReadonlySet<string>,
): Promise<string> {
  interface Folder {
    files: Map<string, TreeEntry>;
    folders: Map<string, Folder>;
  }
  const top: Folder = { files: new Map(), folders: new Map() };
  for (const [path, entry] of flat) {
    const segments = path.split('/');
    const name = segments.pop() as string;
    let folder = top;
    for (const segment of segments) {
      const next = folder.folders.get(segment) ?? { files: new Map(), folders: new Map() };
      folder.folders.set(segment, next);
      folder = next;
    }
    folder.files.set(name, entry);
  }
  const write = async (folder: Folder): Promise<string> => {
    const entries = new Map(folder.files);
    for (const [name, sub] of folder.folders)
      entries.set(name, { mode: '40000', oid: await write(sub), type: 'tree' });
    return writeTree(store, entries, known);
  };
  return write(top);
}

/** Writes the tree of `entries` unless `known` holds it; answers its oid. */
export async function writeTree(
  store: ObjectStore,
  entries: ReadonlyMap<string, TreeEntry>,
  known: ReadonlySet<string>,
): Promise<string> {
  const sorted = [...entries].sort(([a, x], [b, y]) => {
    const left = x.type === 'tree' ? `${a}/` : a;
    const right = y.type === 'tree' ? `${b}/` : b;
    // Git orders names by their bytes (UTF-8), not by UTF-16 code units.
    return Buffer.compare(Buffer.from(left), Buffer.from(right));
  });
  const content = Buffer.concat(
    sorted.flatMap(([name, entry]) => [
      Buffer.from(`${entry.mode} ${name}\0`),
      Buffer.from(entry.oid, 'hex'),
    ]),
  );
  const oid = objectOid('tree', content);
  if (!known.has(oid))
    await git.writeObject({ fs, gitdir: store.gitdir, type: 'tree', object: content, oid });
  return oid;
}

function objectOid(type: string, content: Uint8Array): string {
  return createHash('sha1').update(`${type} ${content.byteLength}\0`).update(content).digest('hex');
}

/** Git writes a tree's mode as `40000`; isomorphic-git reads it as `040000`. */
const gitMode = (mode: string) => (mode === '040000' ? '40000' : mode);
