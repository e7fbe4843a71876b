/**
 * What the repositories store for content: revisions, and the immutable objects their page
 * trees are made of. Objects are content-addressed (the address is a hash of the object),
 * as Git stores trees: a revision that changes one page stores that page's body and object,
 * the tree objects of its ancestors and the revision record; everything else is shared with
 * the revision before it.
 */
import type { ConditionalText, MarkdownLink, MarkdownSection } from '@quire/documents';
import type { PageCover } from './page-cover';

/** Why a revision was made (GitBook's revision `type`, plus the first, empty one). */
export type RevisionKind = 'initial' | 'edits' | 'merge' | 'update' | 'rollback';

export interface RevisionRecord {
  id: string;
  spaceId: string;
  organizationId: string;
  /** The revisions it was made from: none for the first, two for a merge or an update. */
  parents: string[];
  /** How many revisions come before it on its first-parent line (0 for a space's first). */
  depth: number;
  /** Address of the top-level tree object. */
  tree: string;
  /** Address of the files object. */
  files: string;
  /**
   * Address of the tree object of its reusable contents (a flat tree of page objects, one
   * per reusable content, merged as pages are); absent: none.
   */
  reusableContents?: string;
  /** Address of the variables object of the space's variables; absent: none. */
  variables?: string;
  kind: RevisionKind;
  /** The user whose request made it. */
  createdBy: string;
  createdAt: string;
  /** Set on a change request's revisions (edits and updates), and on a merge (the merged one). */
  changeRequestId?: string;
  /** Set on a revision a Git Sync import made: the commit it holds. */
  git?: RevisionGitCommit;
}

/** The Git commit a revision was imported from (GitBook's `GitSyncCommit`). */
export interface RevisionGitCommit {
  oid: string;
  message: string;
  /** The commit was made by an export of Quire's. */
  createdByService: boolean;
  ref?: string;
  /** The commit on the Git provider (`repoCommitURL` + oid). */
  url?: string;
}

/**
 * A page's own fields, written once: what its page object stores (beside `kind` and its
 * subpages), and what the shapes made of it add to: `StoredPage` (the content operations'),
 * `PageState` (the merge's).
 */
export interface PageFields {
  id: string;
  /**
   * GitBook's page type when the page is no document (absent: a document, as every page
   * stored before types existed): a group (a top-level heading of the table of contents
   * holding pages, no body of its own) or a link (a title and a target, no body, no
   * subpages). A page's type never changes. Stored only when set, so a document keeps the
   * address it had.
   */
  type?: 'group' | 'link';
  /** A link page's target (GitBook's `ContentRef`, an address or a page); only on a link page. */
  target?: PageLinkTarget;
  title: string;
  /** Path segment, unique among siblings; kept when the title changes, so links keep working. */
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden: boolean;
  /**
   * Order among siblings: a fractional-indexing key (package `fractional-indexing`),
   * compared as plain strings.
   */
  position: string;
  createdAt: string;
  updatedAt: string;
  /** Address of the body object (canonical markdown). */
  body: string;
  /** The file a Git Sync import read it from. */
  git?: GitBlobRecord;
  /** The page's variables (GitBook's page `variables`), names in identifier form; absent: none. */
  variables?: VariableValues;
  /** A document page's cover image (GitBook's page `cover`, `page-cover.ts`); absent: none. */
  cover?: PageCover;
}

/** Where a link page leads: another site, or a page of the space (GitBook's `ContentRefURL`, `ContentRefPage`). */
export type PageLinkTarget = { kind: 'url'; url: string } | { kind: 'page'; page: string };

/** Variables by name (GitBook's `Variables`): a string of at most 256 characters, a number or a boolean. */
export type VariableValues = Readonly<Record<string, string | number | boolean>>;

/** A page: its fields, and its subpages' tree address. */
export interface PageObject extends PageFields {
  kind: 'page';
  /** Address of the tree object of its subpages; null when it has none. */
  children: string | null;
}

/**
 * Where a page or file was read from by its last Git Sync import (GitBook's `GitSyncBlob`):
 * the blob, its path, and its page on the provider (`repoTreeURL` + path).
 */
export interface GitBlobRecord {
  oid: string;
  path: string;
  url?: string;
}

/** The pages at one level, in order: the addresses of their page objects. */
export interface TreeObject {
  kind: 'tree';
  pages: string[];
}

/** A page body, in its one stored form: canonical markdown (see @quire/documents). */
export interface BodyObject {
  kind: 'body';
  markdown: string;
}

/** A file of a revision; its bytes live in the blob store under `hash`. */
export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  hash: string;
  dimensions?: { width: number; height: number };
  git?: GitBlobRecord;
}

/** The files of a revision, ordered by id. */
export interface FilesObject {
  kind: 'files';
  files: FileEntry[];
}

/**
 * What is read from a body's markdown once and kept: its sections (what search indexes, with
 * the heading anchors links point at) and its links (what link reports classify). Derived
 * from one body, stored under `outlineAddressOf(body)`: the same body always has the same
 * outline, so it is derived once, not once per process and use.
 */
export interface OutlineObject {
  kind: 'outline';
  /** The text outside `if` blocks: what every reader of the page reads. */
  sections: MarkdownSection[];
  links: MarkdownLink[];
  /** The text inside `if` blocks, each part with its conditions (absent: none). */
  conditional?: ConditionalText[];
}

/**
 * A body's GitBook document tree, derived once and kept (`stored-documents.ts`): its JSON as
 * text (a tree nests deeper than stores take, and is only ever parsed or sent). Stored under
 * `documentAddressOf(body)`, which names the conversion rules: never stale, never another's.
 */
export interface DocumentObject {
  kind: 'document';
  json: string;
}

/** The variables of a space in one revision, names in order (one set of variables, one address). */
export interface VariablesObject {
  kind: 'variables';
  values: VariableValues;
}

export type ContentObject =
  | PageObject
  | TreeObject
  | BodyObject
  | FilesObject
  | OutlineObject
  | DocumentObject
  | VariablesObject;
