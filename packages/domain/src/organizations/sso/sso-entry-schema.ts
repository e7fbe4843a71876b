/** An SSO entry: how the sign-in page offers one active SAML provider. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { UrlSchema } from '../../core/schemas';
import type { SamlProviderRecord } from './records';
import { samlServiceOf } from './saml-provider-schema';

export const SsoEntrySchema = z
  .object({
    id: z.string().describe('Id of the SAML provider'),
    label: z.string().describe('Name of the provider shown on the sign-in page'),
    startURL: UrlSchema.describe('URL that starts a sign-in through the provider'),
  })
  .meta({ id: 'SSOEntry', description: 'A way to sign in to an organization through single sign-on' });

export type SsoEntry = z.infer<typeof SsoEntrySchema>;

export function presentSsoEntry(urls: PublicUrls, provider: SamlProviderRecord): SsoEntry {
  return { id: provider.id, label: provider.label, startURL: samlServiceOf(urls, provider.id).startURL };
}
