/** The SAML provider resource as GitBook's API has it, and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { RoleOrGuestSchema, TimestampSchema, UrlSchema } from '../../core/schemas';
import { organizationLocation } from '../organization-schema';
import { type Team, TeamSchema } from '../teams/team-schema';
import type { SamlProviderRecord } from './records';
import { SamlProviderStatusSchema } from './saml-fields';

export const SamlServiceSchema = z
  .object({
    acsURL: UrlSchema.describe('Assertion Consumer Service URL to give the identity provider'),
    startURL: UrlSchema.describe('URL that starts a sign-in through the identity provider'),
    entityID: z.string().describe('Entity ID of this service provider (its metadata URL)'),
  })
  .meta({
    id: 'SAMLServiceProvider',
    description: 'This instance as the SAML service provider of a provider',
  });

export const SamlProviderSchema = z
  .object({
    object: z.literal('saml-provider').describe('Always "saml-provider"'),
    id: z.string().describe('Id of the provider'),
    label: z.string().describe('Name of the provider shown on the sign-in page'),
    /** Empty until configured (the provider is 'pending' meanwhile). */
    ssoURL: z.string().describe('Single sign-on URL of the identity provider (empty until set)'),
    entityID: z.string().describe('Entity ID of the identity provider (empty until set)'),
    certificate: z
      .string()
      .describe('Signing certificate of the identity provider, PEM-encoded (empty until set)'),
    defaultTeam: TeamSchema.optional().describe(
      'Team that people who join through the provider are added to',
    ),
    defaultRole: RoleOrGuestSchema.describe('Role of people who join through the provider (null: guest)'),
    createdAt: TimestampSchema.describe('When the provider was created'),
    status: SamlProviderStatusSchema,
    service: SamlServiceSchema,
    urls: z
      .object({ location: UrlSchema.describe('Location of the provider in the API') })
      .describe('Absolute URLs of the provider'),
  })
  .meta({
    id: 'SAMLProvider',
    description: 'A SAML identity provider that members of an organization sign in with',
  });

export type SamlProvider = z.infer<typeof SamlProviderSchema>;

export const samlProviderLocation = (
  urls: PublicUrls,
  provider: Pick<SamlProviderRecord, 'organizationId' | 'id'>,
) => `${organizationLocation(urls, provider.organizationId)}/saml/${provider.id}`;

/**
 * The service-provider side of a provider: where the identity provider posts assertions,
 * where sign-in starts, and this service's entity ID (its metadata URL, a common choice).
 */
export function samlServiceOf(urls: PublicUrls, providerId: string): z.infer<typeof SamlServiceSchema> {
  const base = `${urls.api}/saml/${providerId}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

/** `defaultTeam` is the presented team, or undefined when the provider names none (or it is gone). */
export function presentSamlProvider(
  urls: PublicUrls,
  provider: SamlProviderRecord,
  defaultTeam: Team | undefined,
): SamlProvider {
  return {
    object: 'saml-provider',
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoURL ?? '',
    entityID: provider.entityID ?? '',
    certificate: provider.certificate ?? '',
    ...(defaultTeam ? { defaultTeam } : {}),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: provider.status,
    service: samlServiceOf(urls, provider.id),
    urls: { location: samlProviderLocation(urls, provider) },
  };
}
