/**
 * Turns a requested position ("before this sibling", "after that one", or nothing: last)
 * into an order key for the moved item, under a given parent. Siblings are the spaces AND
 * collections under the same parent (or at the top level of the organization).
 */
import { DomainError, notFound } from '../errors/domain-error';
import type { DomainServices } from '../operation/context';
import type { ContentPosition, SiblingRef } from './content-position-schema';
import { positionBetween } from './position-between';
import type { SiblingKind, SiblingRecord } from './records';

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

const invalidPosition = (message: string): DomainError => new DomainError('invalid_position', message);

const refKind = (ref: SiblingRef): SiblingKind => ref.type;
const refId = (ref: SiblingRef): string => (ref.type === 'space' ? ref.space : ref.collection);
const sameItem = (a: { kind: SiblingKind; id: string }, b: { kind: SiblingKind; id: string }) =>
  a.kind === b.kind && a.id === b.id;

/** Sibling order: by key, ties (possible after concurrent moves) broken by kind and id. */
const compareSiblings = (a: Sibling, b: Sibling): number =>
  a.position < b.position
    ? -1
    : a.position > b.position
      ? 1
      : `${a.kind}:${a.id}` < `${b.kind}:${b.id}`
        ? -1
        : 1;

async function loadSiblings(ctx: DomainServices, organizationId: string, parentId: string | undefined) {
  const [spaces, collections] = await Promise.all([
    ctx.repos.spaces.listSiblings(organizationId, parentId),
    ctx.repos.collections.listSiblings(organizationId, parentId),
  ]);
  return [
    ...spaces.map((s): Sibling => ({ ...s, kind: 'space' })),
    ...collections.map((c): Sibling => ({ ...c, kind: 'collection' })),
  ].sort(compareSiblings);
}

/** A reference that is not a visible sibling: invalid when the item exists in the organization, else not found. */
async function refusal(ctx: DomainServices, organizationId: string, ref: SiblingRef): Promise<DomainError> {
  const id = refId(ref);
  const found =
    ref.type === 'space' ? await ctx.repos.spaces.findById(id) : await ctx.repos.collections.findById(id);
  const visible =
    found !== null && found.organizationId === organizationId && !('deletedAt' in found && found.deletedAt);
  if (!visible) return notFound(ref.type === 'space' ? 'Space' : 'Collection');
  return invalidPosition(`Invalid position: ${ref.type} ${id} is not a sibling under the target parent`);
}

/** A key between `lower` and `upper` that no existing sibling holds (deleted spaces keep theirs). */
function freshKey(lower: string | null, upper: string | null, taken: ReadonlySet<string>): string {
  let top = upper;
  for (;;) {
    const key = positionBetween(lower, top);
    if (!taken.has(key)) return key;
    top = key;
  }
}

/**
 * The order key for the moving item. Throws `invalid_position` when a reference is the moving
 * item itself or not a sibling under the parent (or when `before` and `after` are not adjacent),
 * and `not_found` when a referenced item does not exist. When the item already sits exactly
 * where it is asked to go, its current key is returned unchanged (callers detect "no change").
 */
export async function resolveSiblingPosition(
  ctx: DomainServices,
  request: SiblingPositionRequest,
): Promise<string> {
  const { organizationId, parentId, moving, position } = request;
  for (const ref of [position?.before, position?.after]) {
    if (ref && sameItem({ kind: refKind(ref), id: refId(ref) }, moving)) {
      throw invalidPosition('Invalid position: an item cannot be placed relative to itself');
    }
  }
  const all = await loadSiblings(ctx, organizationId, parentId);
  const current = all.find((s) => sameItem(s, moving));
  const others = all.filter((s) => !sameItem(s, moving));
  // Deleted spaces keep their slot for a restore but do not count as neighbours.
  const visible = others.filter((s) => !s.deletedAt);
  const indexOf = async (ref: SiblingRef): Promise<number> => {
    const index = visible.findIndex((s) => s.kind === refKind(ref) && s.id === refId(ref));
    if (index < 0) throw await refusal(ctx, organizationId, ref);
    return index;
  };

  // The slot among the visible others: the moved item goes right before `visible[slot]`.
  let slot = visible.length;
  if (position?.after) slot = (await indexOf(position.after)) + 1;
  if (position?.before) {
    const beforeIndex = await indexOf(position.before);
    if (position.after && beforeIndex !== slot) {
      throw invalidPosition('Invalid position: "after" and "before" are not adjacent siblings');
    }
    slot = beforeIndex;
  }

  const lowerSibling = visible[slot - 1];
  const upperSibling = visible[slot];
  if (current && !current.deletedAt) {
    const currentSlot = visible.filter((s) => compareSiblings(s, current) < 0).length;
    if (currentSlot === slot) return current.position;
  }

  const lower = lowerSibling?.position ?? null;
  // Equal keys (two concurrent moves chose the same one): go past every sibling holding it.
  let upper = upperSibling?.position ?? null;
  if (lower !== null && upper !== null && upper <= lower) {
    upper = others.find((s) => s.position > lower)?.position ?? null;
  }
  return freshKey(lower, upper, new Set(others.map((s) => s.position)));
}
