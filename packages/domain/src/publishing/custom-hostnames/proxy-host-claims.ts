/**
 * Who holds a proxy's host (`docs.example.com` of a site's proxy `docs.example.com/help`),
 * without transactions, the way `hostname-claims.ts` holds custom hostnames: a host belongs
 * to one organization, whose sites may be served under any paths of it (nested ones too).
 * The claim (`ProxyHostClaimRecord`, keyed by the host) makes it one; a site's `proxy` says
 * which path it is served under. Numbered rules:
 *
 * 1. A claim counts (is *live*) while a site of its organization has a proxy on its host;
 *    a claim younger than `CLAIM_GRACE_MS` counts too (a change under way).
 * 2. Claiming a host for an organization inserts the claim; a host held by the same
 *    organization is claimed already; one held by a claim that does not count is taken over
 *    by compare-and-set on its holder; one held by a claim that counts is a 409.
 * 3. A host newly claimed (inserted or taken over) is then checked, after the claim is
 *    written: it may not be another target's custom hostname (a claim that counts, rule 1 or
 *    2 of `hostname-claims.ts`), nor the host of another organization's proxy stored without
 *    a claim (before claims existed); either is a 409, the claim released. A custom hostname
 *    being set writes its own claim first and checks this one after (`set-custom-hostname.ts`),
 *    so of two changes racing for one host, at most one passes.
 * 4. Changing a site's proxy: claim the new host (2, 3), point the site at it (the site's
 *    compare-and-swap), then release the old host's claim when no site of the organization
 *    has a proxy on it any more (also when the site is deleted). A crash in between leaves a
 *    claim nothing uses, which rule 1 makes free for anyone after the grace.
 * 5. A lookup (`served-site.ts`) serves a live custom hostname before any proxy on its host,
 *    and a proxy only when its organization holds the host's claim; a host with no claim
 *    (proxies stored before claims existed) serves its proxies as they are.
 */
import type { OperationContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import { proxyParts } from '../published-url';
import type { SiteRecord } from '../records';
import { CLAIM_GRACE_MS, holds } from './hostname-claims';
import type { ProxyHostClaimRecord } from './records';

const CLAIM_ATTEMPTS = 4;

export const PROXY_HOST_TAKEN = "this host is used by another organization's proxy or custom hostname";

/** A 409 naming `proxy`, as a path already used names its field (`site-structure.ts`). */
export const proxyHostTaken = (message = PROXY_HOST_TAKEN): DomainError =>
  new DomainError('conflict', `proxy: ${message}`, { issues: [{ field: 'proxy', message }] });

/** The host a proxy is on (`docs.example.com/help` -> `docs.example.com`), lower case. */
export const proxyHostOf = (proxy: string): string => proxyParts(proxy).hostname;

/** The proxy as stored: its host lower-cased (the lookup reads hosts in lower case), its path as given. */
export function normalizedProxy(proxy: string): string {
  const slash = proxy.indexOf('/');
  return slash < 0 ? proxy.toLowerCase() : proxy.slice(0, slash).toLowerCase() + proxy.slice(slash);
}

/** The organizations whose sites have a proxy on this host. */
async function proxyOrganizations(ctx: OperationContext, hostname: string): Promise<Set<string>> {
  const stamps = await ctx.repos.sites.stampsByProxyHost(hostname);
  return new Set(
    stamps
      .filter((stamp) => stamp.proxy !== undefined && proxyHostOf(stamp.proxy) === hostname)
      .map((stamp) => stamp.organizationId),
  );
}

/** Rule 1: whether the claim holds its host against another organization. */
async function proxyClaimHolds(ctx: OperationContext, claim: ProxyHostClaimRecord): Promise<boolean> {
  const age = ctx.clock.now().getTime() - Date.parse(claim.createdAt);
  return age < CLAIM_GRACE_MS || (await proxyOrganizations(ctx, claim.hostname)).has(claim.organizationId);
}

/**
 * Rules 2 and 3: the host claimed for the site's organization, checked; 409 naming `proxy`
 * when it is another's. True when this call wrote the claim (the caller releases it if its
 * change fails: `releaseProxyHost`), false when the organization held it already.
 */
export async function claimProxyHost(
  ctx: OperationContext,
  hostname: string,
  site: Pick<SiteRecord, 'id' | 'organizationId'>,
): Promise<boolean> {
  const fresh = await takeProxyHost(ctx, hostname, site.organizationId);
  // Rule 3, read after the claim is written.
  const hosted = await ctx.repos.customHostnames.find(hostname);
  const hostedElsewhere =
    hosted !== null &&
    !(hosted.target.type === 'site' && hosted.target.siteId === site.id) &&
    (await holds(ctx, hosted));
  const foreignProxy =
    fresh && [...(await proxyOrganizations(ctx, hostname))].some((id) => id !== site.organizationId);
  if (hostedElsewhere || foreignProxy) {
    if (fresh) await releaseProxyHost(ctx, hostname, site.organizationId);
    throw proxyHostTaken();
  }
  return fresh;
}

/** Rule 2: true when the claim was written, false when the organization held it already. */
async function takeProxyHost(
  ctx: OperationContext,
  hostname: string,
  organizationId: string,
): Promise<boolean> {
  const claims = ctx.repos.proxyHosts;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const record = { hostname, organizationId, createdAt: ctx.clock.now().toISOString() };
    if (await claims.insert(record)) return true;
    const holder = await claims.find(hostname);
    if (!holder) continue; // released in between: insert again
    if (holder.organizationId === organizationId) return false;
    if (await proxyClaimHolds(ctx, holder)) throw proxyHostTaken();
    if (await claims.replaceHolder(record, holder.organizationId)) return true;
  }
  throw proxyHostTaken();
}

/**
 * Rule 4: releases the organization's claim on the host once none of its sites has a proxy
 * there. Nothing when another organization holds it.
 */
export async function releaseProxyHost(
  ctx: OperationContext,
  hostname: string,
  organizationId: string,
): Promise<void> {
  if ((await proxyOrganizations(ctx, hostname)).has(organizationId)) return;
  await ctx.repos.proxyHosts.remove(hostname, organizationId);
}

/**
 * After a site was pointed at a host (rule 4): whether its organization still holds the
 * host's claim, claiming it again when a concurrent release of the same organization
 * removed it; false when another organization holds it now.
 */
export async function holdProxyHost(
  ctx: OperationContext,
  hostname: string,
  organizationId: string,
): Promise<boolean> {
  const claims = ctx.repos.proxyHosts;
  const claim = await claims.find(hostname);
  if (claim) return claim.organizationId === organizationId;
  if (await claims.insert({ hostname, organizationId, createdAt: ctx.clock.now().toISOString() }))
    return true;
  return (await claims.find(hostname))?.organizationId === organizationId;
}

/**
 * For a custom hostname being set (rule 3, the other side): whether another organization's
 * proxy uses the host, by a claim that counts, or, with none, by a proxy stored before
 * claims existed. Read after the custom hostname's claim is written.
 */
export async function proxyHostUsedByAnother(
  ctx: OperationContext,
  hostname: string,
  organizationId: string,
): Promise<boolean> {
  const claim = await ctx.repos.proxyHosts.find(hostname);
  if (claim && claim.organizationId !== organizationId && (await proxyClaimHolds(ctx, claim))) return true;
  if (claim?.organizationId === organizationId) return false;
  return [...(await proxyOrganizations(ctx, hostname))].some((id) => id !== organizationId);
}
