/**
 * Turns a requested position ("before this sibling", "after that one", or nothing: last)
 * into an order key for the moved item, under a given parent. Siblings are the spaces AND
 * collections under the same parent (or at the top level of the organization).
 *
 * The neighbours are found through the index, never by loading the level: the sibling a
 * position names (a point read), the one next to it (a range read of a few keys per kind),
 * and for "last" the greatest key under the parent. A create or a move costs the same
 * whether the parent holds no sibling or thousands.
 */

import type { DomainServices } from '../../core/context';
import { DomainError, notFound } from '../../core/errors';
import type { ContentPosition, SiblingRef } from './content-position-schema';
import { positionBetween } from './position-between';
import type { SiblingKind, SiblingRange, SiblingRecord } from './records';

export interface SiblingPositionRequest {
  organizationId: string;
  /** The new parent collection; undefined for the top level. */
  parentId: string | undefined;
  moving: { kind: SiblingKind; id: string };
  position: ContentPosition | undefined;
}

interface Sibling extends SiblingRecord {
  kind: SiblingKind;
}

type ItemRef = { kind: SiblingKind; id: string };
type Place = Pick<SiblingPositionRequest, 'organizationId' | 'parentId'>;

const invalidPosition = (message: string): DomainError => new DomainError('invalid_position', message);

const refItem = (ref: SiblingRef): ItemRef =>
  ref.type === 'space' ? { kind: 'space', id: ref.space } : { kind: 'collection', id: ref.collection };
const sameItem = (a: ItemRef, b: ItemRef) => a.kind === b.kind && a.id === b.id;

/** Sibling order: by key, ties (possible after concurrent moves) broken by kind and id. */
function compareSiblings(a: Sibling, b: Sibling): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  const [first, second] = [`${a.kind}:${a.id}`, `${b.kind}:${b.id}`];
  return first === second ? 0 : first < second ? -1 : 1;
}

interface PlacedItem {
  organizationId: string;
  parentId?: string | undefined;
  position: string;
  deletedAt?: string | undefined;
}

const loadItem = (ctx: DomainServices, item: ItemRef): Promise<PlacedItem | null> =>
  item.kind === 'space' ? ctx.repos.spaces.findById(item.id) : ctx.repos.collections.findById(item.id);

/** A live item under `place`, as a sibling there; undefined when it is not one. */
function asSibling(place: Place, item: ItemRef, found: PlacedItem | null): Sibling | undefined {
  if (!found || found.deletedAt !== undefined || found.organizationId !== place.organizationId)
    return undefined;
  return found.parentId === place.parentId ? { ...item, position: found.position } : undefined;
}

/**
 * The sibling a position names: not found when it does not exist, is deleted or belongs to
 * another organization; an invalid position when it is live there under another parent.
 */
async function referencedSibling(ctx: DomainServices, place: Place, ref: SiblingRef): Promise<Sibling> {
  const item = refItem(ref);
  const found = await loadItem(ctx, item);
  const sibling = asSibling(place, item, found);
  if (sibling) return sibling;
  if (!found || found.deletedAt !== undefined || found.organizationId !== place.organizationId) {
    throw notFound(item.kind === 'space' ? 'Space' : 'Collection');
  }
  throw invalidPosition(`Invalid position: ${item.kind} ${item.id} is not a sibling under the target parent`);
}

interface NearestQuery {
  direction: SiblingRange['direction'];
  /** The key the scan starts from (inclusive); undefined: from the first (up) or last (down) key. */
  from: string | undefined;
  /** Which siblings count: those strictly beyond the start in the scan's direction, the moved item left out. */
  counts: (sibling: Sibling) => boolean;
  liveOnly: boolean;
}

/**
 * The first sibling in sibling order (reversed for 'down') from `from` that `counts`. Reads
 * a few keys of each kind; only when a kind returns a full batch before an answer is certain
 * (siblings sharing one key, the moved item itself) does it read again, four times as many.
 */
async function nearest(ctx: DomainServices, place: Place, query: NearestQuery): Promise<Sibling | undefined> {
  const sign = query.direction === 'up' ? 1 : -1;
  for (let limit = 4; ; limit *= 4) {
    const range: SiblingRange = {
      ...place,
      direction: query.direction,
      liveOnly: query.liveOnly,
      limit,
      ...(query.from !== undefined ? { from: query.from } : {}),
    };
    const [spaces, collections] = await Promise.all([
      ctx.repos.spaces.listSiblingRange(range),
      ctx.repos.collections.listSiblingRange(range),
    ]);
    const batches = [
      spaces.map((s): Sibling => ({ ...s, kind: 'space' })),
      collections.map((c): Sibling => ({ ...c, kind: 'collection' })),
    ];
    const first = batches
      .flat()
      .filter(query.counts)
      .sort((a, b) => sign * compareSiblings(a, b))[0];
    // A full batch may hold more of its kind past its last row: the answer is certain only
    // when it comes no later than that row.
    const certain = batches.every((batch) => {
      const last = batch[batch.length - 1];
      return (
        batch.length < limit ||
        (first !== undefined && last !== undefined && sign * compareSiblings(first, last) <= 0)
      );
    });
    if (certain) return first;
  }
}

/** Whether a space other than the moved item holds `key` under `place` (deleted spaces keep theirs). */
async function keyTaken(ctx: DomainServices, place: Place, moving: ItemRef, key: string): Promise<boolean> {
  const holders = await ctx.repos.spaces.listSiblingRange({ ...place, direction: 'up', from: key, limit: 2 });
  return holders.some((s) => s.position === key && !sameItem({ kind: 'space', id: s.id }, moving));
}

/**
 * A key strictly between `lower` and `upper` that no sibling holds. Only deleted spaces can
 * sit between two neighbours (they are no neighbours), so only spaces are asked.
 */
async function freshKey(
  ctx: DomainServices,
  place: Place,
  moving: ItemRef,
  lower: string | null,
  upper: string | null,
): Promise<string> {
  let top = upper;
  for (;;) {
    const key = positionBetween(lower, top);
    if (!(await keyTaken(ctx, place, moving, key))) return key;
    top = key;
  }
}

/**
 * The order key for the moving item. Throws `invalid_position` when a reference is the moving
 * item itself or not a sibling under the parent (or when `before` and `after` are not adjacent),
 * and `not_found` when a referenced item does not exist. When the item already sits exactly
 * where it is asked to go, its current key is returned unchanged (callers detect "no change").
 * "Last" is after every key under the parent, deleted spaces' included, so a restored space
 * comes back before what was added after its deletion.
 */
export async function resolveSiblingPosition(
  ctx: DomainServices,
  request: SiblingPositionRequest,
): Promise<string> {
  const { moving, position } = request;
  const place: Place = { organizationId: request.organizationId, parentId: request.parentId };
  for (const ref of [position?.before, position?.after]) {
    if (ref && sameItem(refItem(ref), moving)) {
      throw invalidPosition('Invalid position: an item cannot be placed relative to itself');
    }
  }
  const other = (sibling: Sibling) => !sameItem(sibling, moving);
  const current = asSibling(place, moving, await loadItem(ctx, moving));
  const after = position?.after ? await referencedSibling(ctx, place, position.after) : undefined;
  const before = position?.before ? await referencedSibling(ctx, place, position.before) : undefined;

  // The live neighbours the item goes between, and the keys its own key goes between.
  let lower: Sibling | undefined;
  let upper: Sibling | undefined;
  let lowerKey: string | null;
  if (after) {
    lower = after;
    upper = await nearest(ctx, place, {
      direction: 'up',
      from: after.position,
      counts: (s) => other(s) && compareSiblings(s, after) > 0,
      liveOnly: true,
    });
    if (before && (!upper || !sameItem(upper, before))) {
      throw invalidPosition('Invalid position: "after" and "before" are not adjacent siblings');
    }
    lowerKey = after.position;
  } else if (before) {
    upper = before;
    lower = await nearest(ctx, place, {
      direction: 'down',
      from: before.position,
      counts: (s) => other(s) && compareSiblings(s, before) < 0,
      liveOnly: true,
    });
    lowerKey = lower?.position ?? null;
  } else {
    // Last: after the greatest key of all, so the new key collides with none. The last live
    // sibling is asked for only to tell whether the item already is last.
    const top = await nearest(ctx, place, {
      direction: 'down',
      from: undefined,
      counts: other,
      liveOnly: false,
    });
    lower =
      top === undefined || top.deletedAt === undefined || current === undefined
        ? top
        : await nearest(ctx, place, { direction: 'down', from: undefined, counts: other, liveOnly: true });
    lowerKey = top?.position ?? null;
  }

  const between =
    (lower === undefined || (current !== undefined && compareSiblings(lower, current) < 0)) &&
    (upper === undefined || (current !== undefined && compareSiblings(current, upper) < 0));
  if (current && between) return current.position;

  let upperKey = upper?.position ?? null;
  if (lowerKey !== null && upperKey !== null && upperKey <= lowerKey) {
    // Equal keys (two concurrent moves chose the same one): go past every sibling holding it.
    const bound = lowerKey;
    const next = await nearest(ctx, place, {
      direction: 'up',
      from: bound,
      counts: (s) => other(s) && s.position > bound,
      liveOnly: false,
    });
    upperKey = next?.position ?? null;
  }
  return freshKey(ctx, place, moving, lowerKey, upperKey);
}
