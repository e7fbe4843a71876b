import { z } from 'zod';
import { operation } from '../../../core/operation';
import { updateSite } from '../../update-site';
import { authorizeHostnameTarget } from '../authorize-hostname-target';
import { pointedAt } from '../hostname-claims';
import { HostnameParam } from './get-custom-hostname';

/**
 * Stops serving a site or an organization at a custom hostname (admins of its site or
 * organization): the site's `hostname` is cleared first, then the claim released (a crash
 * in between leaves a claim nothing points at: free for anyone, ignored by lookups).
 * `removed` says whether it was served (GitBook's 205, else 204). Outcomes: a target the
 * caller may not see, 404; a role below admin, 403.
 */
export const removeCustomHostname = operation({
  name: 'customHostnames.remove',
  kind: 'mutation',
  summary: 'Remove a custom hostname',
  input: z.strictObject({ hostname: HostnameParam }),
  output: z.object({
    removed: z.boolean().describe('True when the hostname served a site or an organization'),
  }),
  async run(ctx, input): Promise<{ removed: boolean }> {
    const claims = ctx.repos.customHostnames;
    const claim = await claims.find(input.hostname);
    if (!claim) return { removed: false };
    const { target, site } = await authorizeHostnameTarget(ctx, claim.target, 'admin');
    const served = await pointedAt(ctx, claim);
    if (target.type === 'site' && site?.hostname === input.hostname) {
      await updateSite(
        ctx,
        target.siteId,
        (current) => {
          if (current.hostname !== input.hostname) return { site: current, result: null };
          const { hostname: _removed, ...rest } = current;
          return { site: rest, result: null };
        },
        site,
      );
    }
    await claims.remove(input.hostname, claim.target);
    return { removed: served };
  },
});
