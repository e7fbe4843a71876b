/**
 * Who holds a custom hostname, without transactions. The claim (`CustomHostnameRecord`, keyed
 * by the hostname) makes it unique across the server; a site also names the hostname it
 * serves (`SiteRecord.hostname`). Numbered rules:
 *
 * 1. A claim counts (is *live*) while its target points at it: a site that exists, in the
 *    claim's organization, whose `hostname` is the claim's; an organization that exists.
 * 2. A claim younger than `CLAIM_GRACE_MS` counts too: it is a change under way (claimed, the
 *    site not yet pointed at it), which another change must not take over.
 * 3. Claiming inserts the claim; a hostname held by the same target is claimed already; one
 *    held by a claim that does not count is taken over by compare-and-set on its holder; one
 *    held by a claim that counts is a 409.
 * 4. Changing a site's hostname: claim the new one (3), point the site at it (the site's
 *    compare-and-swap), release the old one. A crash in between leaves a claim nothing points
 *    at, which rule 1 makes free for anyone after the grace, and which lookups ignore.
 * 5. A lookup (`resolveCustomHostname`) answers only a live claim's target (rule 1, without the grace).
 * 6. A hostname newly claimed that another organization's proxy uses (`proxy-host-claims.ts`,
 *    read after the claim is written) is released again: a 409.
 */
import type { OperationContext } from '../../core/context';
import { conflict } from '../../core/errors';
import type { CustomHostnameRecord, CustomHostnameTargetRecord } from './records';

/** How long a fresh claim holds its hostname before its target points at it (rule 2). */
export const CLAIM_GRACE_MS = 60_000;

const CLAIM_ATTEMPTS = 4;

export const HOSTNAME_TAKEN = 'This hostname is already used by another site or organization';

export const sameTarget = (a: CustomHostnameTargetRecord, b: CustomHostnameTargetRecord): boolean =>
  a.type === b.type &&
  a.organizationId === b.organizationId &&
  (a.type === 'organization' || (b.type === 'site' && a.siteId === b.siteId));

/** Rule 1: whether the claim's target points at it now. */
export async function pointedAt(ctx: OperationContext, claim: CustomHostnameRecord): Promise<boolean> {
  const { target } = claim;
  if (target.type === 'organization') return ctx.repos.organizations.isStanding(target.organizationId);
  const site = await ctx.repos.sites.findById(target.siteId);
  return site !== null && site.organizationId === target.organizationId && site.hostname === claim.hostname;
}

/** Rules 1 and 2: whether the claim holds its hostname against another target. */
export async function holds(ctx: OperationContext, claim: CustomHostnameRecord): Promise<boolean> {
  const age = ctx.clock.now().getTime() - Date.parse(claim.createdAt);
  return age < CLAIM_GRACE_MS || (await pointedAt(ctx, claim));
}

/**
 * Rule 3: the hostname claimed for `target`; 409 when another target holds it. True when
 * this call wrote the claim, false when the target held it already.
 */
export async function claimHostname(
  ctx: OperationContext,
  hostname: string,
  target: CustomHostnameTargetRecord,
): Promise<boolean> {
  const claims = ctx.repos.customHostnames;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const record = { hostname, target, createdAt: ctx.clock.now().toISOString() };
    if (await claims.insert(record)) return true;
    const holder = await claims.find(hostname);
    if (!holder) continue; // released in between: insert again
    if (sameTarget(holder.target, target)) return false;
    if (await holds(ctx, holder)) throw conflict(HOSTNAME_TAKEN);
    if (await claims.replaceHolder(record, holder.target)) return true;
  }
  throw conflict(HOSTNAME_TAKEN);
}
