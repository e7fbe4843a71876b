/** The Organization resource as GitBook's API has it, and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { RoleOrGuestSchema, TimestampSchema, UrlSchema } from '../core/schemas';
import { ORGANIZATION_ACTIONS, type OrganizationPermissions } from '../policies/organization-policy';
import {
  DefaultContentSchema,
  OrganizationCommunityTypeSchema,
  OrganizationTypeSchema,
  OrganizationUseCaseSchema,
} from './fields';
import type { OrganizationRecord } from './records';

/** Plans of GitBook's billing; a self-hosted instance has no billing, so organizations stay on the free plan. */
export const BILLING_PLANS = [
  'free_2024',
  'plus_2024',
  'pro_2024',
  'enterprise_2024',
  'community_2024',
  'free',
  'plus',
  'pro',
] as const;

export const BillingPlanSchema = z
  .enum(BILLING_PLANS)
  .meta({ id: 'BillingProduct', description: 'Billing plan' });

export const TRIAL_STATUSES = ['notapplicable', 'none', 'active', 'ended', 'expired'] as const;

export const OrganizationPermissionsSchema = z
  .object(
    Object.fromEntries(ORGANIZATION_ACTIONS.map((action) => [action, z.boolean()])) as Record<
      (typeof ORGANIZATION_ACTIONS)[number],
      z.ZodBoolean
    >,
  )
  .meta({ id: 'OrganizationPermissions', description: 'What the caller may do in the organization' });

export const OrganizationSchema = z
  .object({
    object: z.literal('organization').describe('Always "organization"'),
    id: z.string().describe('Id of the organization'),
    title: z.string().describe('Title of the organization'),
    createdAt: TimestampSchema.describe('When the organization was created'),
    emailDomains: z.array(z.string()).describe('Email domains whose people may join the organization'),
    hostname: z.string().optional().describe('Default hostname of the organization public content'),
    type: OrganizationTypeSchema,
    useCase: OrganizationUseCaseSchema.optional(),
    communityType: OrganizationCommunityTypeSchema.optional(),
    /** null: people joining through email domains or invite links become guests. */
    defaultRole: RoleOrGuestSchema.optional().describe('Role of people who join (null: guest)'),
    defaultContent: DefaultContentSchema.optional(),
    sso: z.boolean().optional().describe('Whether single sign-on is enforced for every member'),
    ai: z.boolean().optional().describe('Whether AI features are enabled'),
    inviteLinks: z.boolean().describe('Whether members may join through invite links'),
    plan: BillingPlanSchema,
    /** Billing does not exist on a self-hosted instance: the trial is always "notapplicable". */
    trial: z
      .object({
        status: z.enum(TRIAL_STATUSES).meta({ id: 'BillingTrialStatus', description: 'State of the trial' }),
        endDate: TimestampSchema.optional().describe('When the trial ends'),
      })
      .describe('Trial of a paid plan'),
    /** Deprecated; always true. */
    internal_isOnNewTrial: z.boolean().optional().describe('Deprecated, always true'),
    urls: z
      .object({
        /** `${api}/v1/orgs/{id}` */
        location: UrlSchema.describe('Location of the organization in the API'),
        /** `${app}/o/{id}` */
        app: UrlSchema.describe('Location of the organization in the app'),
        logo: UrlSchema.optional().describe('URL of the organization logo'),
      })
      .describe('Absolute URLs of the organization'),
    permissions: OrganizationPermissionsSchema,
  })
  .meta({ id: 'Organization', description: 'An organization: members, teams and the content they manage' });

export type Organization = z.infer<typeof OrganizationSchema>;

export const organizationLocation = (urls: PublicUrls, organizationId: string): string =>
  `${urls.api}/v1/orgs/${organizationId}`;

export const organizationAppUrl = (urls: PublicUrls, organizationId: string): string =>
  `${urls.app}/o/${organizationId}`;

/** The API resource of an organization, with the permissions of the caller it is shown to. */
export function presentOrganization(
  urls: PublicUrls,
  organization: OrganizationRecord,
  permissions: OrganizationPermissions,
): Organization {
  // Built field by field in the resource's order, optional fields only when set: every
  // request presents one, and conditional spreads cost an object and a slow copy each.
  const presented: Partial<Organization> = {
    object: 'organization',
    id: organization.id,
    title: organization.title,
    createdAt: organization.createdAt,
    emailDomains: [...organization.emailDomains],
  };
  if (organization.hostname) presented.hostname = organization.hostname;
  presented.type = organization.type;
  if (organization.useCase) presented.useCase = organization.useCase;
  if (organization.communityType) presented.communityType = organization.communityType;
  presented.defaultRole = organization.defaultRole;
  if (organization.defaultContent) presented.defaultContent = { ...organization.defaultContent };
  presented.sso = organization.sso;
  presented.ai = organization.ai;
  presented.inviteLinks = organization.inviteLinks;
  presented.plan = BILLING_PLAN_SET.has(organization.plan)
    ? (organization.plan as Organization['plan'])
    : 'free_2024';
  presented.trial = { status: 'notapplicable' };
  presented.internal_isOnNewTrial = true;
  const location = organizationLocation(urls, organization.id);
  const app = organizationAppUrl(urls, organization.id);
  presented.urls = organization.logo ? { location, app, logo: organization.logo } : { location, app };
  presented.permissions = { ...permissions };
  return presented as Organization;
}

const BILLING_PLAN_SET: ReadonlySet<unknown> = new Set(BILLING_PLANS);
