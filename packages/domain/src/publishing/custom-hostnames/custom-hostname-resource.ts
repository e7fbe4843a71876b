/** GitBook's `CustomHostname` resource: the hostname, what it points at, whether it serves. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { CustomHostnameSchema } from './hostname-schema';
import type { CustomHostnameRecord } from './records';

export const CustomHostnameTargetSchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('organization'), organization: z.string().min(1).max(64) }),
    z.strictObject({ type: z.literal('site'), site: z.string().min(1).max(64) }),
  ])
  .meta({ id: 'CustomHostnameTarget', description: 'The organization or the site a hostname serves' });

export const CustomHostnameResourceSchema = z
  .object({
    object: z.literal('custom-hostname'),
    hostname: CustomHostnameSchema,
    target: CustomHostnameTargetSchema,
    isActive: z.boolean().describe('Whether requests to the hostname reach its target'),
    urls: z.object({ location: z.string().describe('URL of the custom hostname in the API') }),
  })
  .meta({
    id: 'CustomHostname',
    description: 'A hostname of its own that a site or an organization is served at',
  });

export type CustomHostnameResource = z.infer<typeof CustomHostnameResourceSchema>;

export function presentCustomHostname(
  urls: PublicUrls,
  record: CustomHostnameRecord,
): CustomHostnameResource {
  return {
    object: 'custom-hostname',
    hostname: record.hostname,
    target:
      record.target.type === 'site'
        ? { type: 'site', site: record.target.siteId }
        : { type: 'organization', organization: record.target.organizationId },
    // Quire answers every request whose Host names a claim its target points at (no DNS to wait for).
    isActive: true,
    urls: { location: `${urls.api}/v1/custom-hostnames/${record.hostname}` },
  };
}
