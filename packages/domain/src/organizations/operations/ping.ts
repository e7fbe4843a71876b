import { z } from 'zod';
import { callerOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeOrganization } from '../../policies/organization-policy';
import { OrganizationIdParam } from './params';

/** Lifetime of a visitor-claims token; clients ping regularly and get a fresh one each time. */
export const VISITOR_CLAIMS_TTL_SECONDS = 60 * 60;

export const PingResultSchema = z
  .object({
    /** A JWT whose claims describe the member, for sites with visitor authentication. */
    docsVisitorClaims: z.string().optional().describe('Signed token of the visitor claims of the member'),
    /**
     * The same token under the name GitBook's published client reads; the interface
     * document names it `docsVisitorClaims`, so both are sent.
     */
    gitbookVisitorClaims: z
      .string()
      .optional()
      .describe('The same token as docsVisitorClaims, under the name GitBook clients read'),
  })
  .meta({ id: 'OrganizationPing', description: 'The answer to a ping of an organization' });

/**
 * `POST ORG/ping`: records that the caller is active in the organization (`lastSeenAt`) and,
 * for a member with a role, returns their visitor claims signed as a JWT (HS256, the
 * instance's key), which opens the organization's 'visitor-auth' sites while they may view
 * sites (`tokenMakesVisitor`). The claims are what adaptive content can test: `userId`,
 * `organizationId`, `role`, `email` and `displayName`. A guest gets no token (`{}`: GitBook's
 * document has ping "optionally" return one): guests see no site, so it would open nothing.
 */
export const pingOrganization = operation({
  name: 'orgs.ping',
  kind: 'mutation',
  summary: "Record the caller's activity in an organization and get their visitor claims token",
  input: z.strictObject({ organizationId: OrganizationIdParam }),
  output: PingResultSchema,
  async run(ctx, input) {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'view');
    const member = await ctx.repos.members.update(organization.id, callerOf(ctx).userId, {
      lastSeenAt: ctx.clock.now().toISOString(),
    });
    if (!member) throw notFound('Organization');
    if (member.role === null) return {};
    const docsVisitorClaims = await ctx.secrets.signClaims(
      {
        userId: member.userId,
        organizationId: organization.id,
        role: member.role,
        email: member.user.email,
        displayName: member.user.displayName,
      },
      VISITOR_CLAIMS_TTL_SECONDS,
    );
    return { docsVisitorClaims, gitbookVisitorClaims: docsVisitorClaims };
  },
});
