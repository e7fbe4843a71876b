/**
 * Who sees a translation's result space: whoever sees its source, as they see the source
 * (issue 25: a result space made with `defaultLevel: inherit` published an admin-only space
 * to the whole organization). The rules, applied when the result is stored and again by
 * every run before it writes:
 *
 * 1. the result's default level is the source's;
 * 2. the result is in the source's collection (or at the top level with it), so it inherits
 *    what the source inherits; a result elsewhere is moved right after the source, under the
 *    organization's tree lock, as any move is;
 * 3. the result's grants are the source's: each member and team holding a role on the
 *    source holds the same role on the result, and every other grant on the result is
 *    revoked (revocations first, so the result is never seen by more people than the two
 *    sets together).
 *
 * So content a run translates is written only after the result's access is the source's as
 * it is now. *Decision:* a change of the source's access reaches the result at the next run
 * (until then the result shows what it holds, translated earlier, to whom the source's
 * earlier access allowed); a setting changed on the result alone (its level, a grant, a move)
 * is replaced by the next run: who sees a translation is decided on its source.
 */

import {
  type ContentGrantRecord,
  type ContentPrincipal,
  type ContentTarget,
  resolveSiblingPosition,
  type SpaceRecord,
  visibilityUnder,
  withTreeLocks,
} from '../content';
import type { OperationContext } from '../core/context';
import { MAX_PAGE_LIMIT } from '../core/paging';

/** Gives the stored result space its source's access (rules 1 to 3); answers the result as it now is. */
export async function applySourceAccess(
  ctx: OperationContext,
  source: SpaceRecord,
  result: SpaceRecord,
): Promise<SpaceRecord> {
  await mirrorGrants(ctx, source, result.id); // 3.
  let current = result;
  if (current.defaultLevel !== source.defaultLevel) {
    // 1.
    current =
      (await ctx.repos.spaces.update(
        current.id,
        { defaultLevel: source.defaultLevel },
        [],
        ctx.clock.now().toISOString(),
      )) ?? current;
  }
  if (current.parentId !== source.parentId) current = await placeAfterSource(ctx, source, current); // 2.
  return current;
}

/** Rule 3: the source's grants on the result, and no other. */
export async function mirrorGrants(
  ctx: OperationContext,
  source: SpaceRecord,
  resultId: string,
): Promise<void> {
  const resultTarget: ContentTarget = { kind: 'space', id: resultId };
  const [wanted, held] = await Promise.all([
    grantsOn(ctx, { kind: 'space', id: source.id }),
    grantsOn(ctx, resultTarget),
  ]);
  const roleOf = new Map(wanted.map((grant) => [principalKey(grant.principal), grant.role]));
  const heldRole = new Map(held.map((grant) => [principalKey(grant.principal), grant.role]));
  for (const grant of held)
    if (!roleOf.has(principalKey(grant.principal)))
      await ctx.repos.contentGrants.remove(resultTarget, grant.principal);
  const now = ctx.clock.now().toISOString();
  for (const grant of wanted) {
    if (heldRole.get(principalKey(grant.principal)) === grant.role) continue;
    await ctx.repos.contentGrants.put({
      organizationId: source.organizationId,
      target: resultTarget,
      principal: grant.principal,
      role: grant.role,
      createdAt: now,
    });
  }
}

/** Rule 2: the result moved into the source's collection, right after it, under the tree lock. */
async function placeAfterSource(
  ctx: OperationContext,
  source: SpaceRecord,
  result: SpaceRecord,
): Promise<SpaceRecord> {
  return withTreeLocks(ctx, [source.organizationId], async () => {
    // Read again inside the lock: a move of either since would place it wrongly.
    const [current, latest] = await Promise.all([
      ctx.repos.spaces.findById(source.id),
      ctx.repos.spaces.findById(result.id),
    ]);
    if (!current || !latest || latest.deletedAt !== undefined || latest.parentId === current.parentId)
      return latest ?? result;
    const position = await resolveSiblingPosition(ctx, {
      organizationId: current.organizationId,
      parentId: current.parentId,
      moving: { kind: 'space', id: latest.id },
      position: { after: { type: 'space', space: current.id } },
    });
    const placed = await ctx.repos.spaces.place(
      latest.id,
      {
        organizationId: current.organizationId,
        parentId: current.parentId,
        position,
        visibility: visibilityUnder(latest.visibility, current.parentId),
      },
      ctx.clock.now().toISOString(),
    );
    return placed ?? latest;
  });
}

/** Every grant on a target, to users and to teams. */
async function grantsOn(ctx: OperationContext, target: ContentTarget): Promise<ContentGrantRecord[]> {
  const grants: ContentGrantRecord[] = [];
  for (const kind of ['user', 'team'] as const) {
    let page = await ctx.repos.contentGrants.listForTarget(target, kind, { limit: MAX_PAGE_LIMIT });
    grants.push(...page.items);
    while (page.next) {
      page = await ctx.repos.contentGrants.listForTarget(target, kind, {
        limit: MAX_PAGE_LIMIT,
        after: page.next,
      });
      grants.push(...page.items);
    }
  }
  return grants;
}

const principalKey = (principal: ContentPrincipal): string => `${principal.kind}:${principal.id}`;
