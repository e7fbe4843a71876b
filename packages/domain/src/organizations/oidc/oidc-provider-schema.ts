/** The OpenID Connect provider resource (Quire's own: GitBook has SAML providers only), and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { RoleOrGuestSchema, TimestampSchema, UrlSchema } from '../../core/schemas';
import { organizationLocation } from '../organization-schema';
import { type Team, TeamSchema } from '../teams/team-schema';
import { OidcProviderStatusSchema } from './oidc-fields';
import type { OidcProviderRecord } from './records';

export const OidcServiceSchema = z
  .object({
    redirectURL: UrlSchema.describe('Redirect URI to register at the OpenID provider'),
    startURL: UrlSchema.describe('URL that starts a sign-in through the provider'),
  })
  .meta({ id: 'OIDCRelyingParty', description: 'This instance as the relying party of a provider' });

export const OidcProviderSchema = z
  .object({
    object: z.literal('oidc-provider').describe('Always "oidc-provider"'),
    id: z.string().describe('Id of the provider'),
    label: z.string().describe('Name of the provider shown on the sign-in page'),
    issuer: z.string().describe('Issuer URL of the OpenID provider (empty until set)'),
    clientId: z.string().describe('Client id at the provider (empty until set)'),
    hasClientSecret: z
      .boolean()
      .describe('Whether a client secret is set (the secret itself is never returned)'),
    scopes: z.array(z.string()).describe('Scopes asked for'),
    defaultTeam: TeamSchema.optional().describe(
      'Team that people who join through the provider are added to',
    ),
    defaultRole: RoleOrGuestSchema.describe('Role of people who join through the provider (null: guest)'),
    createdAt: TimestampSchema.describe('When the provider was created'),
    status: OidcProviderStatusSchema,
    service: OidcServiceSchema,
    urls: z
      .object({ location: UrlSchema.describe('Location of the provider in the API') })
      .describe('Absolute URLs of the provider'),
  })
  .meta({
    id: 'OIDCProvider',
    description: 'An OpenID Connect provider that members of an organization sign in with',
  });

export type OidcProvider = z.infer<typeof OidcProviderSchema>;

export const oidcProviderLocation = (
  urls: PublicUrls,
  provider: Pick<OidcProviderRecord, 'organizationId' | 'id'>,
) => `${organizationLocation(urls, provider.organizationId)}/oidc/${provider.id}`;

/** Where a sign-in through the provider starts, and where the provider sends the browser back. */
export function oidcServiceOf(urls: PublicUrls, providerId: string): z.infer<typeof OidcServiceSchema> {
  const base = `${urls.api}/oidc/${providerId}`;
  return { redirectURL: `${base}/callback`, startURL: `${base}/start` };
}

/** `defaultTeam` is the presented team, or undefined when the provider names none (or it is gone). */
export function presentOidcProvider(
  urls: PublicUrls,
  provider: OidcProviderRecord,
  defaultTeam: Team | undefined,
): OidcProvider {
  return {
    object: 'oidc-provider',
    id: provider.id,
    label: provider.label,
    issuer: provider.issuer ?? '',
    clientId: provider.clientId ?? '',
    hasClientSecret: provider.sealedClientSecret !== undefined,
    scopes: provider.scopes,
    ...(defaultTeam ? { defaultTeam } : {}),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: provider.status,
    service: oidcServiceOf(urls, provider.id),
    urls: { location: oidcProviderLocation(urls, provider) },
  };
}
