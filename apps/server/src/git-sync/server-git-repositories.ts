/**
 * The server's `GitRepositories`: real Git through isomorphic-git, in GitBook's Git Sync
 * format (`readRepository`, `writeRepository`).
 *
 * - Remotes (`gitRemoteOf`): `http(s)` through `gitHttpTransfer` (the outbound rules, every
 *   redirect hop included), credentials only as a header; local repositories (path or
 *   `file://`) only when `allowFile`; nothing else.
 * - Opening a ref: an http remote's is fetched shallow (depth 1, that ref only) into a
 *   temporary gitdir (`openHttpRef`); a local repository's objects are used in place
 *   (`openLocalRef`).
 * - Reading: the project directory's blobs are read under the limits (`readProjectFiles`:
 *   at most `maxFiles`, each file's size checked before it is read against `maxFileBytes`,
 *   and all together against `maxImportBytes`), then go to the `RepositoryReader`
 *   (`readRepository` in a job thread on the server: it parses every page), which stores the
 *   files in the blob store.
 * - Writing: the new files replace, under the content's root (the project directory's
 *   `.gitbook.yaml` `root`), what Quire reads there (markdown, `.gitbook/assets/`, images);
 *   everything else in the repository is kept. Pages and files an import read go back to
 *   their paths, unchanged pages as their blobs, the table of contents as it was when the
 *   outline is unchanged (`withRecordedPlaces`, `writeRepository`). Only new blobs and trees are written. The
 *   same tree as the head's makes no commit. The commit carries `Quire-Sync: export` as a
 *   trailer (`createdByService`); it is pushed (http) or the local ref is compared and
 *   swapped (`updateLocalRef`), 'rejected' when the branch moved meanwhile.
 *
 * Every failure is a `GitRepositoryError` (`gitFailureOf`) whose message holds no
 * credentials: they never reach isomorphic-git's URLs, only a header.
 */
import fs from 'node:fs';
import {
  type GitCommit,
  type GitExportedFile,
  type GitImportedContent,
  type GitReadRequest,
  type GitRepositories,
  GitRepositoryError,
  type GitWriteRequest,
  type GitWritten,
} from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import git, { type ReadCommitResult } from 'isomorphic-git';
import type { ExportedFile, ExportedPage } from './exported-content';
import { gitFailureOf } from './git-failure';
import { GitObjectSizes } from './git-object-sizes';
import { gitRemoteOf, remoteRefusal } from './git-remote';
import {
  blobOidOf,
  flatTree,
  type ObjectStore,
  subtreeOid,
  type TreeEntry,
  treeEntries,
  treeOidsUnder,
  writeTree,
  writeTrees,
} from './git-trees';
import { readGitbookConfig } from './gitbook-config';
import { openHttpRef } from './http-repository';
import { ImageBlobs } from './image-blobs';
import { openLocalRef } from './local-repository';
import { type OpenedRef, type RefPurpose, refCandidates } from './opened-ref';
import { readProjectFiles } from './project-files';
import { isSkipped } from './read-repository';
import { withHeldIncludeBlobs, withRecordedPlaces } from './recorded-places';
import { joinRepositoryPath, pathUnder, safeRepositoryPath } from './repository-path';
import { includeFilesToWrite, readIncludeFiles } from './reusable-content-files';
import { readSummaryLayout } from './summary-layout';
import { summaryPagesOf } from './summary-pages';
import { type RepositoryReader, repositoryReaderOn } from './threaded-repository-reader';
import { writeRepository } from './write-repository';

export interface GitRepositoryLimits {
  /** Largest file read from a repository (markdown, asset, image, `.gitbook.yaml`), in bytes. */
  maxFileBytes: number;
  /** Most files the project directory may hold. */
  maxFiles: number;
  /** Most bytes an import reads, all its files together (each entry counted). */
  maxImportBytes: number;
  /** Bytes an http transfer may receive at most (default 512 MiB). */
  maxTransferBytes?: number;
  /** Time an http transfer may take at most (default 2 minutes). */
  timeoutMs?: number;
}

export interface GitRepositoryOptions {
  /** Hosts exempt from the public-address rule (`QUIRE_FETCH_ALLOW_HOSTS`). */
  allowHosts: readonly string[];
  /** Whether local paths and `file://` URLs may be used (`QUIRE_GIT_ALLOW_FILE`). */
  allowFile: boolean;
}

/** The trailer marking the commits Quire makes. */
export const EXPORT_TRAILER = 'Quire-Sync: export';
const EXPORT_TRAILER_LINE = /^Quire-Sync: export$/m;
const MARKDOWN = /\.(md|markdown)$/i;
const FILE_MODES = new Set(['100644', '100755']);
/**
 * A project folder's tree may list this many entries per file an import may read (files and
 * folders, hidden ones too; `flatTree`): a real folder of `QUIRE_GIT_MAX_FILES` files lists
 * far fewer, a tree bomb (one subtree named many times) far more.
 */
const TREE_ENTRIES_PER_FILE = 4;

export class ServerGitRepositories implements GitRepositories {
  readonly #reader: RepositoryReader;

  /** `reader` converts the blobs read (default: in this thread, storing into `blobs`). */
  constructor(
    private readonly blobs: StoredBlobs,
    private readonly limits: GitRepositoryLimits,
    private readonly options: GitRepositoryOptions,
    reader?: RepositoryReader,
  ) {
    this.#reader = reader ?? repositoryReaderOn(blobs);
  }

  get #maxTreeEntries(): number {
    return this.limits.maxFiles * TREE_ENTRIES_PER_FILE;
  }

  refusal(url: string): string | null {
    return remoteRefusal(url, this.options.allowFile);
  }

  async read(request: GitReadRequest): Promise<{ commit: GitCommit; content: GitImportedContent }> {
    try {
      return await this.#read(request);
    } catch (error) {
      throw gitFailureOf(error);
    }
  }

  async write(request: GitWriteRequest): Promise<GitWritten> {
    try {
      return await this.#write(request);
    } catch (error) {
      throw gitFailureOf(error);
    }
  }

  async #read(request: GitReadRequest): Promise<{ commit: GitCommit; content: GitImportedContent }> {
    const directory = safeRepositoryPath(request.projectDirectory ?? '', 'repoProjectDirectory');
    const opened = await this.#open(request.url, request.ref, 'read', request.signal);
    try {
      const { store } = opened;
      const head = await git.readCommit({ fs, ...store, oid: opened.head as string });
      const folder = await subtreeOid(store, head.commit.tree, directory);
      if (folder === undefined)
        throw new GitRepositoryError('invalid-content', `The repository has no folder ${directory}/`);
      const entries = new Map(
        [...(await flatTree(store, folder, this.#maxTreeEntries))].filter(
          ([path, entry]) => FILE_MODES.has(entry.mode) && !isHiddenOutsideGitbook(path),
        ),
      );
      const tree = await readProjectFiles(store, entries, directory, this.limits, request.signal);
      const content = await this.#reader(
        tree,
        { projectDirectory: directory, maxFileBytes: this.limits.maxFileBytes },
        request.progress,
      );
      const resources = content.pages.length + content.files.length;
      // `.gitbook/includes/*.md`: the reusable contents (read as bytes here; the job reads their markdown).
      const includes = readIncludeFiles(
        tree,
        joinRepositoryPath(directory, content.config.root),
        this.limits.maxFileBytes,
      );
      // `.gitbook.yaml`'s redirects, each file named by its repository path (as pages' `git.path`).
      const root = joinRepositoryPath(directory, content.config.root);
      const redirects = Object.entries(content.config.redirects).map(([from, file]) => ({
        from,
        file: joinRepositoryPath(root, file),
      }));
      return {
        commit: commitOf(head),
        content: {
          pages: content.pages,
          files: content.files,
          ...(redirects.length > 0 ? { redirects } : {}),
          ...(includes.files.length > 0 ? { includes: includes.files } : {}),
          totalResources: resources,
          importedResources: resources,
        },
      };
    } finally {
      await opened.close();
    }
  }

  async #write(request: GitWriteRequest): Promise<GitWritten> {
    const directory = safeRepositoryPath(request.projectDirectory ?? '', 'repoProjectDirectory');
    const files = await Promise.all(request.files.map((file) => this.#exportedFile(file)));
    const opened = await this.#open(request.url, request.ref, 'write', request.signal);
    try {
      const { store } = opened;
      const head =
        opened.head === undefined ? undefined : await git.readCommit({ fs, ...store, oid: opened.head });
      const folder = head && (await subtreeOid(store, head.commit.tree, directory));
      const old = await flatTree(store, folder, this.#maxTreeEntries);
      const configEntry = old.get('.gitbook.yaml');
      const config = readGitbookConfig(
        configEntry && new TextDecoder().decode(await this.#blob(store, configEntry.oid)),
      );
      const sizes = new GitObjectSizes(store.gitdir);
      const holds = async (oid: string) => (await sizes.sizeOf(oid)) !== undefined;
      const placed = await withRecordedPlaces(
        request.pages,
        files,
        joinRepositoryPath(directory, config.root),
        holds,
      );
      // The outline is the one read and the repository has its table of contents: kept as it is.
      const summaryPath = joinRepositoryPath(config.root, config.structure.summary);
      const summary = request.outlineUnchanged ? old.get(summaryPath) : undefined;
      const summaryEntry = old.get(summaryPath);
      const summarySize = summaryEntry && (await sizes.sizeOf(summaryEntry.oid));
      const summaryText =
        summaryEntry && summarySize !== undefined && summarySize <= this.limits.maxFileBytes
          ? new TextDecoder().decode(await this.#blob(store, summaryEntry.oid))
          : undefined;
      const existing = new Map(
        [...old].flatMap(([path, entry]) => {
          const inRoot = pathUnder(config.root, path);
          return inRoot === null ? [] : [[inRoot, entry.oid] as const];
        }),
      );
      // An edited page read from a file keeps what its file's front matter holds beyond Quire's settings.
      const withText = async (page: ExportedPage): Promise<ExportedPage> => {
        const children = await Promise.all(page.children.map(withText));
        const oid =
          page.unchangedBlob === undefined && page.recordedPath !== undefined
            ? existing.get(page.recordedPath)
            : undefined;
        const size = oid === undefined ? undefined : await sizes.sizeOf(oid);
        if (oid === undefined || size === undefined || size > this.limits.maxFileBytes)
          return { ...page, children };
        return { ...page, children, recordedText: new TextDecoder().decode(await this.#blob(store, oid)) };
      };
      const pages = await Promise.all(placed.pages.map(withText));
      // The reusable contents as `.gitbook/includes/*.md`, pages' includes relative to them.
      const includes = request.reusableContents
        ? includeFilesToWrite(
            await withHeldIncludeBlobs(request.reusableContents, holds),
            joinRepositoryPath(directory, config.root),
          )
        : undefined;
      const written = writeRepository(pages, placed.files, config.structure, {
        ...(includes ? { includePathOf: includes.pathOfId } : {}),
        keepSummary: summary !== undefined,
        existing,
        ...(summaryText !== undefined && summary === undefined
          ? { previousSummary: readSummaryLayout(summaryText, config.structure.summary) }
          : {}),
      });

      // With a table of contents, a markdown file it does not list is no page: it is kept.
      const listed = summaryText === undefined ? null : summaryPagesOf(summaryText, config.structure);
      const next = new Map<string, TreeEntry>();
      const images = new ImageBlobs(store, sizes, this.limits.maxFileBytes);
      for (const [path, entry] of old)
        if (!(await isQuireContent(images, path, entry, config.root, listed))) next.set(path, entry);
      if (summary) next.set(summaryPath, summary);
      const knownBlobs = new Set([...old.values()].map(({ oid }) => oid));
      for (const [index, file] of written.entries()) {
        request.signal?.throwIfAborted();
        const oid = 'oid' in file ? file.oid : blobOidOf(file.bytes);
        if ('bytes' in file && !knownBlobs.has(oid)) {
          await git.writeBlob({ fs, gitdir: store.gitdir, blob: file.bytes });
          knownBlobs.add(oid);
        }
        next.set(joinRepositoryPath(config.root, file.path), { mode: '100644', oid, type: 'blob' });
        request.progress?.(index + 1, written.length);
      }
      for (const file of includes?.files ?? []) {
        const path = pathUnder(directory, file.path);
        if (path === null) continue;
        const oid = 'oid' in file ? file.oid : blobOidOf(new TextEncoder().encode(file.text));
        if ('text' in file && !knownBlobs.has(oid)) {
          await git.writeBlob({ fs, gitdir: store.gitdir, blob: new TextEncoder().encode(file.text) });
          knownBlobs.add(oid);
        }
        next.set(path, { mode: '100644', oid, type: 'blob' });
      }
      const nextFolder = await writeTrees(store, next, await treeOidsUnder(store, folder));
      if (head && nextFolder === folder) return { commit: commitOf(head), changed: false };

      const tree = await graftFolder(store, head?.commit.tree, directory, nextFolder);
      const message = `${request.message.trimEnd()}\n\n${EXPORT_TRAILER}\n`;
      const signature = {
        name: request.author.name,
        email: request.author.email,
        timestamp: Math.floor(Date.now() / 1000),
        timezoneOffset: 0,
      };
      const oid = await git.writeCommit({
        fs,
        gitdir: store.gitdir,
        commit: { message, tree, parent: head ? [head.oid] : [], author: signature, committer: signature },
      });
      await opened.publish(oid);
      return { commit: { oid, message, createdByService: true }, changed: true };
    } finally {
      await opened.close();
    }
  }

  async #blob(store: ObjectStore, oid: string): Promise<Uint8Array> {
    return (await git.readBlob({ fs, ...store, oid })).blob;
  }

  async #exportedFile(file: GitExportedFile): Promise<ExportedFile & Pick<GitExportedFile, 'git'>> {
    const stream = await this.blobs.open(file.hash);
    if (stream === null)
      throw new GitRepositoryError(
        'invalid-content',
        `The file ${file.name} is missing from the file storage`,
      );
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    const bytes = new Uint8Array(Buffer.concat(parts));
    return { id: file.id, name: file.name, bytes, ...(file.git ? { git: file.git } : {}) };
  }

  async #open(url: string, ref: string, purpose: RefPurpose, signal?: AbortSignal): Promise<OpenedRef> {
    const remote = gitRemoteOf(url, this.options.allowFile);
    const candidates = refCandidates(ref, purpose);
    if (remote.transport === 'local') return openLocalRef(remote.path, candidates, purpose);
    const limits = {
      maxBytes: this.limits.maxTransferBytes ?? 512 * 1024 * 1024,
      timeoutMs: this.limits.timeoutMs ?? 120_000,
      allowHosts: this.options.allowHosts,
      maxObjectBytes: this.limits.maxFileBytes,
    };
    return openHttpRef(remote, candidates, purpose, limits, signal);
  }
}

function commitOf(read: ReadCommitResult): GitCommit {
  return {
    oid: read.oid,
    message: read.commit.message,
    createdByService: EXPORT_TRAILER_LINE.test(read.commit.message),
  };
}

/**
 * Whether the file at `path` (from the project directory) is one Quire reads, so one an
 * export replaces: under the content's root, not hidden, and markdown (one the table of
 * contents lists, when there is one: `listed`), an asset or an image.
 */
async function isQuireContent(
  images: ImageBlobs,
  path: string,
  entry: TreeEntry,
  root: string,
  listed: ReadonlySet<string> | null,
): Promise<boolean> {
  const inRoot = pathUnder(root, path);
  if (inRoot === null || path === '.gitbook.yaml' || !FILE_MODES.has(entry.mode) || isSkipped(inRoot))
    return false;
  if (MARKDOWN.test(inRoot)) return listed === null || listed.has(inRoot);
  if (inRoot.startsWith('.gitbook/assets/')) return true;
  return images.isImage(inRoot, entry.oid);
}

/** Hidden files are not read, but for `.gitbook.yaml` and what is under `.gitbook/`. */
function isHiddenOutsideGitbook(path: string): boolean {
  return path
    .split('/')
    .some((segment) => segment.startsWith('.') && segment !== '.gitbook' && segment !== '.gitbook.yaml');
}

/** Tree `root` with the tree at `folder` replaced by `oid` (folders made as needed); its oid. */
async function graftFolder(
  store: ObjectStore,
  root: string | undefined,
  folder: string,
  oid: string,
): Promise<string> {
  if (folder === '') return oid;
  const [first, ...rest] = folder.split('/') as [string, ...string[]];
  const entries = await treeEntries(store, root);
  const child = entries.get(first);
  const grafted = await graftFolder(
    store,
    child?.type === 'tree' ? child.oid : undefined,
    rest.join('/'),
    oid,
  );
  entries.set(first, { mode: '40000', oid: grafted, type: 'tree' });
  return writeTree(store, entries, new Set());
}
