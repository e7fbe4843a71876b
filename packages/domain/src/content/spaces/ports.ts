import type { PageRequest, Slice } from '../../core/paging';
import type { SiblingRange, SiblingRecord } from '../positions/records';
import type { SpaceRecord } from './records';

/** The settings a PATCH (or a duplicate) may set. */
export type SpaceUpdate = Partial<
  Pick<SpaceRecord, 'title' | 'emoji' | 'language' | 'editMode' | 'defaultLevel' | 'visibility'>
>;

/** Where a move or a transfer puts a space. */
export interface SpacePlacement {
  organizationId: string;
  /** The parent collection; undefined for the top level of the organization. */
  parentId: string | undefined;
  position: string;
  visibility: SpaceRecord['visibility'];
}

/**
 * What a published URL's lookup needs of a space a site shows (whether it stands, where, and
 * its current revision), read off the stored document without copying the record.
 */
export type SpaceLookupStamp = Pick<SpaceRecord, 'id' | 'organizationId' | 'revisionId' | 'deletedAt'>;

export interface SpaceRepository {
  findById(id: string): Promise<SpaceRecord | null>;
  findByIds(ids: readonly string[]): Promise<SpaceRecord[]>;
  /** The lookup stamps of the spaces with these ids that are stored (deleted ones included), in no order. */
  lookupStampsByIds(ids: readonly string[]): Promise<SpaceLookupStamp[]>;
  /**
   * Order keys of the spaces directly under a parent (undefined: the top level), a bounded
   * range of them (see `SiblingRange`); deleted ones included unless `liveOnly` (they keep
   * their slot for a restore). Used by `resolveSiblingPosition`.
   */
  listSiblingRange(range: SiblingRange): Promise<SiblingRecord[]>;
  /**
   * The spaces directly under a parent (undefined: the top level) that are not deleted, in
   * sibling order (by order key, then id).
   */
  listLiveChildren(organizationId: string, parentId: string | undefined): Promise<SpaceRecord[]>;
  /**
   * For the collections area: the spaces (deleted ones included) directly under any of the
   * collections, in ANY organization (a transfer that stopped half-way has moved some already),
   * in creation order.
   */
  listInParents(parentIds: readonly string[]): Promise<SpaceRecord[]>;
  /**
   * For the collections area (deleting a collection deletes its spaces): marks the spaces
   * under the collections deleted. They keep their `parentId`, so a restore knows they come
   * out of a removed collection (and puts them at the top level). Returns how many were marked.
   */
  markDeletedInParents(parentIds: readonly string[], deletedAt: string): Promise<number>;
  /** For the collections area (transfers): moves the spaces under the collections to another organization. */
  setOrganizationInParents(
    parentIds: readonly string[],
    organizationId: string,
    updatedAt: string,
  ): Promise<void>;

  insert(space: SpaceRecord): Promise<void>;
  /** Many spaces in one write (imports, seeding). */
  insertMany(spaces: readonly SpaceRecord[]): Promise<void>;
  /**
   * The organization's spaces that are not deleted, in creation order (`asc`) or newest first,
   * keyset-paged on the id: a page costs the same however many spaces the organization has.
   */
  listActive(organizationId: string, order: 'asc' | 'desc', page: PageRequest): Promise<Slice<SpaceRecord>>;
  /** Number of spaces of the organization that are not deleted. */
  countActive(organizationId: string): Promise<number>;
  /**
   * Sets the fields of `set` and removes those named in `unset` on a space that is not
   * deleted; returns the updated space, or null when there is none.
   */
  update(
    id: string,
    set: SpaceUpdate,
    unset: ReadonlyArray<keyof SpaceUpdate>,
    updatedAt: string,
  ): Promise<SpaceRecord | null>;
  /** Puts a space that is not deleted under a new organization, parent and position. */
  place(id: string, placement: SpacePlacement, updatedAt: string): Promise<SpaceRecord | null>;
  /**
   * Points the space at revision `to` if it still points at `from` (undefined: at none yet):
   * a compare-and-swap, so of two writers that read the same head only one moves it.
   * True when it moved.
   */
  moveRevision(id: string, from: string | undefined, to: string): Promise<boolean>;
  /** Sets `deletedAt` when the space exists and is not deleted yet; true when it did. */
  markDeleted(id: string, deletedAt: string): Promise<boolean>;
  /**
   * Clears `deletedAt` of a space deleted at or after `deletedSince` (the restore window);
   * returns the restored space, or null when no such deleted space exists.
   */
  restore(id: string, deletedSince: string, updatedAt: string): Promise<SpaceRecord | null>;
  /**
   * The organization's spaces deleted at or after `since` (those still in the restore
   * window), keyset-paged on the id, newest first.
   */
  listDeletedSince(organizationId: string, since: string, page: PageRequest): Promise<Slice<SpaceRecord>>;
  /** Number of the organization's spaces deleted at or after `since`. */
  countDeletedSince(organizationId: string, since: string): Promise<number>;
  /** Spaces deleted before `cutoff` (oldest deletion first): what the purge removes. */
  listDeletedBefore(cutoff: string, limit: number): Promise<SpaceRecord[]>;
  /** Removes the space for good if it still is deleted before `cutoff`; true when it did. */
  purge(id: string, cutoff: string): Promise<boolean>;
}
