import { z } from 'zod';
import type { DomainServices } from '../core/context';
import { fieldIssuesOf, validationError } from '../core/execute';
import type { UserRecord } from '../identity';
import { addOrganizationMember } from './add-member';
import {
  EmailDomainsSchema,
  OrganizationTitleSchema,
  OrganizationTypeSchema,
  OrganizationUseCaseSchema,
} from './fields';
import type { OrganizationRecord } from './records';

/** GitBook's `CreateOrganization`: only the title is required. */
export const CreateOrganizationFieldsSchema = z.strictObject({
  /** 2 to 255 characters. */
  title: OrganizationTitleSchema,
  /** People with an address in these domains may find and join the organization (default none). */
  emailDomains: EmailDomainsSchema.optional(),
  /** Default 'business'. */
  type: OrganizationTypeSchema.optional(),
  useCase: OrganizationUseCaseSchema.optional(),
});

export type CreateOrganizationFields = z.input<typeof CreateOrganizationFieldsSchema>;

/**
 * Creates an organization and makes `owner` its first admin. Called by `orgs.create`, the
 * bootstrap and the test factories, so it validates its input itself.
 *
 * Defaults, where GitBook's documents are silent: type 'business'; plan 'free_2024'
 * ('community_2024' for a community), since a self-hosted instance has no billing;
 * defaultRole 'read', so people who join through an email domain or an invite link can
 * read content and change nothing until an admin gives them more; SSO, AI and invite
 * links off; no email domains.
 */
export async function createOrganizationWithOwner(
  services: DomainServices,
  input: CreateOrganizationFields & { owner: UserRecord },
): Promise<OrganizationRecord> {
  const { owner, ...fields } = input;
  const parsed = CreateOrganizationFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationError(fieldIssuesOf(parsed.error));
  const type = parsed.data.type ?? 'business';
  const organization: OrganizationRecord = {
    id: services.ids.newId(),
    title: parsed.data.title,
    createdAt: services.clock.now().toISOString(),
    emailDomains: [...new Set(parsed.data.emailDomains ?? [])],
    type,
    ...(parsed.data.useCase ? { useCase: parsed.data.useCase } : {}),
    defaultRole: 'read',
    sso: false,
    ai: false,
    inviteLinks: false,
    plan: type === 'community' ? 'community_2024' : 'free_2024',
    // The owner's membership adds itself to the counters.
    memberCount: 0,
    adminCount: 0,
  };
  await services.repos.organizations.insert(organization);
  await addOrganizationMember(services, { organizationId: organization.id, user: owner, role: 'admin' });
  return { ...organization, memberCount: 1, adminCount: 1 };
}
