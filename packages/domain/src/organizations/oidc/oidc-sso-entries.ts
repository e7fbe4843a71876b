/**
 * How the sign-in page offers an organization's active OpenID Connect providers: in the
 * shape of GitBook's SSO entries (`{ id, label, startURL }`), listed by `GET ORG/sso` after
 * the SAML providers.
 */
import type { OperationContext } from '../../core/context';
import type { SsoEntry } from '../sso/sso-entry-schema';
import { oidcServiceOf } from './oidc-provider-schema';

export async function oidcSsoEntries(ctx: OperationContext, organizationId: string): Promise<SsoEntry[]> {
  const providers = await ctx.repos.oidcProviders.listActive(organizationId);
  return providers.map((provider) => ({
    id: provider.id,
    label: provider.label,
    startURL: oidcServiceOf(ctx.urls, provider.id).startURL,
  }));
}
