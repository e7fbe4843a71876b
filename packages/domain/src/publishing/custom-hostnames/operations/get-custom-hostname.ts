import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeHostnameTarget } from '../authorize-hostname-target';
import {
  type CustomHostnameResource,
  CustomHostnameResourceSchema,
  presentCustomHostname,
} from '../custom-hostname-resource';
import { pointedAt } from '../hostname-claims';
import { CustomHostnameSchema } from '../hostname-schema';

export const HostnameParam = CustomHostnameSchema.describe('The custom hostname, e.g. docs.example.com');

/**
 * A custom hostname and what it serves (members who may view its site or organization).
 * Outcomes: a hostname no site or organization serves (none, or a claim its target does not
 * point at), or whose target the caller may not see, 404.
 */
export const getCustomHostname = operation({
  name: 'customHostnames.get',
  kind: 'query',
  summary: 'Get a custom hostname',
  input: z.strictObject({ hostname: HostnameParam }),
  output: CustomHostnameResourceSchema,
  async run(ctx, input): Promise<CustomHostnameResource> {
    const claim = await ctx.repos.customHostnames.find(input.hostname);
    if (!claim) throw notFound('Custom hostname');
    await authorizeHostnameTarget(ctx, claim.target, 'view');
    if (!(await pointedAt(ctx, claim))) throw notFound('Custom hostname');
    return presentCustomHostname(ctx.urls, claim);
  },
});
