import type { SiblingRange, SiblingRecord } from '../positions/records';
import type { CollectionRecord } from './records';

/** Fields a PATCH may change; `description: null` removes it. */
export interface CollectionChanges {
  title?: string;
  description?: string | null;
  defaultLevel?: CollectionRecord['defaultLevel'];
}

/** Where a collection sits: its organization, parent (undefined: top level) and order key. */
export interface CollectionPlacement {
  organizationId: string;
  parentId: string | undefined;
  /** The ancestors under the new parent, root first (see `CollectionRecord.ancestorIds`). */
  ancestorIds: string[];
  position: string;
}

/** A collection and its parent: one edge of the tree. */
export interface CollectionLink {
  id: string;
  parentId: string;
}

export interface CollectionRepository {
  findById(id: string): Promise<CollectionRecord | null>;
  findByIds(ids: readonly string[]): Promise<CollectionRecord[]>;
  insert(collection: CollectionRecord): Promise<void>;
  /**
   * Every collection of the organization in creation order. Organizations hold few
   * collections; lists filter them by visibility in memory.
   */
  listAll(organizationId: string): Promise<CollectionRecord[]>;
  /** The collections directly under a parent (undefined: the top level), in sibling order (by order key, then id). */
  listChildren(organizationId: string, parentId: string | undefined): Promise<CollectionRecord[]>;
  /** Order keys of the collections directly under a parent, a bounded range of them (see `SiblingRange`). */
  listSiblingRange(range: SiblingRange): Promise<SiblingRecord[]>;
  /**
   * Ids of the collections whose parent is one of `parentIds`, in ANY organization: a
   * transfer that stopped half-way has moved some children already, and a retry finds them.
   */
  listChildIds(parentIds: readonly string[]): Promise<string[]>;
  /** Like `listChildIds`, with the parent of each child (the tree below, level by level). */
  listChildLinks(parentIds: readonly string[]): Promise<CollectionLink[]>;
  /** Replaces the ancestor lists of collections (which share the same ancestors). */
  setAncestorIds(ids: readonly string[], ancestorIds: readonly string[]): Promise<void>;
  update(id: string, changes: CollectionChanges, updatedAt: string): Promise<CollectionRecord | null>;
  /** Moves one collection (parent, order key, and organization for transfers). */
  place(id: string, placement: CollectionPlacement, updatedAt: string): Promise<CollectionRecord | null>;
  /** Moves collections to another organization, keeping their parents and order keys. */
  setOrganization(ids: readonly string[], organizationId: string, updatedAt: string): Promise<void>;
  deleteMany(ids: readonly string[]): Promise<void>;
}

/**
 * The tree lock of each organization (see `withTreeLocks`): at most one holder at a time
 * changes the organization's tree of spaces and collections. A lease: a holder that crashed
 * stops blocking the others once its `expiresAt` has passed.
 */
export interface TreeLockRepository {
  /**
   * Takes the lock of the organization for `holder` until `expiresAt` (ISO), when nobody
   * holds it or its lease ended at or before `now`: one atomic step of the store, so two
   * callers, in one process or in several, never both get it. True when taken.
   */
  acquire(organizationId: string, holder: string, now: string, expiresAt: string): Promise<boolean>;
  /** Gives the lock back if `holder` still holds it (a lease taken over meanwhile is left alone). */
  release(organizationId: string, holder: string): Promise<void>;
  /** Extends `holder`'s lease to `expiresAt` if it still holds the lock; false when it no longer does. */
  renew(organizationId: string, holder: string, expiresAt: string): Promise<boolean>;
}
