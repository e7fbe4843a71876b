import { z } from 'zod';
import { conflict, invalidInput } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { updateSite } from '../../update-site';
import { authorizeHostnameTarget } from '../authorize-hostname-target';
import {
  type CustomHostnameResource,
  CustomHostnameResourceSchema,
  CustomHostnameTargetSchema,
  presentCustomHostname,
} from '../custom-hostname-resource';
import { claimHostname } from '../hostname-claims';
import { proxyHostUsedByAnother } from '../proxy-host-claims';
import { HostnameParam } from './get-custom-hostname';

const PROXY_HOST_OF_ANOTHER = "This hostname is used by another organization's proxy";

/**
 * Serves a site or an organization at a custom hostname (Quire's: GitBook's document has no
 * public operation that sets one): admins of the site or of the organization. A site has one
 * hostname, an organization one: its previous one is released. The rules of the claim are
 * `hostname-claims.ts` (rule 4 for a site, rule 6 for proxies). Outcomes: a target the
 * caller may not see, 404; a role below admin, 403; a hostname that is not one, or Quire's
 * own, 400 naming `hostname`; a hostname another site or organization is served at, or the
 * host of another organization's proxy (`proxy-host-claims.ts`), 409, nothing written.
 */
export const setCustomHostname = operation({
  name: 'customHostnames.set',
  kind: 'mutation',
  summary: 'Serve a site or an organization at a custom hostname',
  input: z.strictObject({ hostname: HostnameParam, target: CustomHostnameTargetSchema }),
  output: CustomHostnameResourceSchema,
  async run(ctx, input): Promise<CustomHostnameResource> {
    const own = [ctx.urls.api, ctx.urls.app].map((address) => new URL(address).hostname.toLowerCase());
    if (own.includes(input.hostname))
      throw invalidInput('hostname', "Quire's own hostname cannot be a custom hostname");
    const { target, site } = await authorizeHostnameTarget(ctx, input.target, 'admin');
    const claims = ctx.repos.customHostnames;
    const fresh = await claimHostname(ctx, input.hostname, target);
    // Rule 6 of `hostname-claims.ts`: read after the claim is written.
    if (fresh && (await proxyHostUsedByAnother(ctx, input.hostname, target.organizationId))) {
      await claims.remove(input.hostname, target);
      throw conflict(PROXY_HOST_OF_ANOTHER);
    }
    if (target.type === 'site' && site) {
      const { result: previous } = await updateSite(
        ctx,
        target.siteId,
        (current) => ({ site: { ...current, hostname: input.hostname }, result: current.hostname }),
        site,
      );
      if (previous !== undefined && previous !== input.hostname) await claims.remove(previous, target);
    } else {
      const held = await claims.listOfOrganization(target.organizationId);
      for (const claim of held)
        if (claim.target.type === 'organization' && claim.hostname !== input.hostname)
          await claims.remove(claim.hostname, claim.target);
    }
    const claim = await claims.find(input.hostname);
    // Taken over between the claim and now: only by a change that judged this one abandoned.
    if (!claim) throw conflict('The hostname changed hands while it was being set: try again');
    return presentCustomHostname(ctx.urls, claim);
  },
});
