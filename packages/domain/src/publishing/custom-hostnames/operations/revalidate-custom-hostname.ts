import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeHostnameTarget } from '../authorize-hostname-target';
import { pointedAt } from '../hostname-claims';
import { HostnameParam } from './get-custom-hostname';

/**
 * GitBook's DNS revalidation of a custom hostname (admins of its site or organization).
 * Quire waits on no DNS nor certificate: a hostname serves as soon as it is set, so there is
 * nothing to check again and the answer is 204. Outcomes: a hostname nothing is served at,
 * or whose target the caller may not see, 404; a role below admin, 403.
 */
export const revalidateCustomHostname = operation({
  name: 'customHostnames.revalidate',
  kind: 'mutation',
  summary: "Check a custom hostname's DNS again",
  input: z.strictObject({ hostname: HostnameParam }),
  output: z.null(),
  async run(ctx, input): Promise<null> {
    const claim = await ctx.repos.customHostnames.find(input.hostname);
    if (!claim) throw notFound('Custom hostname');
    await authorizeHostnameTarget(ctx, claim.target, 'admin');
    if (!(await pointedAt(ctx, claim))) throw notFound('Custom hostname');
    return null;
  },
});
