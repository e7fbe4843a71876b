import { z } from 'zod';
import { callerOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { EmailDomainSchema } from '../fields';
import { OrganizationSchema } from '../organization-schema';
import { organizationPresenterFor } from '../present-in-batch';

export const OrganizationsOfEmailDomainSchema = z
  .object({
    organizations: z
      .array(OrganizationSchema)
      .describe('Organizations that accept people of the email domain'),
  })
  .meta({ id: 'OrganizationsOfEmailDomain', description: 'The organizations that accept an email domain' });

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * `GET /v1/email-domains/{emailDomain}/orgs`: the organizations whose `emailDomains` hold the
 * domain, so that people can find the organizations they may join. Existence does not
 * leak: for the domain of the caller's own address every such organization is listed (the
 * caller may join them); for any other domain only those the caller is a member of.
 * Organizations the caller is not in carry no permission.
 */
export const listOrganizationsByEmailDomain = operation({
  name: 'orgs.byEmailDomain',
  kind: 'query',
  summary: 'List the organizations that people with an address in an email domain may join',
  input: z.strictObject({ emailDomain: EmailDomainSchema }),
  output: OrganizationsOfEmailDomainSchema,
  async run(ctx, input) {
    const { userId } = callerOf(ctx);
    const user = await ctx.repos.users.findById(userId);
    if (!user) throw notFound('User');
    const accepting = await ctx.repos.organizations.findByEmailDomain(input.emailDomain);
    const memberships = accepting.length
      ? await ctx.repos.members.findForUser(
          userId,
          accepting.map((organization) => organization.id),
        )
      : [];
    const activeIn = new Set(memberships.filter((m) => !m.disabled).map((m) => m.organizationId));
    const ownDomain = domainOf(user.email) === input.emailDomain;
    const visible = accepting.filter((organization) => ownDomain || activeIn.has(organization.id));
    const present = await organizationPresenterFor(ctx, userId, visible, memberships);
    return { organizations: visible.map(present) };
  },
});
