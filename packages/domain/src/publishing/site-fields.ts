/** Field schemas of sites, shared by the operations' inputs and the resources (GitBook's limits). */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';

export const SiteIdParam = IdSchema.describe('Id of the site');
export const SiteOrganizationIdParam = IdSchema.describe('Id of the organization');
export const SiteSectionIdParam = IdSchema.describe('Id of the site section');
export const SiteSectionGroupIdParam = IdSchema.describe('Id of the site section group');
export const SiteSpaceIdParam = IdSchema.describe('Id of the site space');
export const ShareLinkIdParam = IdSchema.describe('Id of the share link');

export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const SiteVisibilitySchema = z.enum(SITE_VISIBILITIES).meta({
  id: 'SiteVisibility',
  description:
    'public: anyone, indexed by search engines; unlisted: anyone, not indexed; share-link: anyone with the secret of an active share link; visitor-auth: visitors authenticated with a JWT signed with the site key',
});

export const SiteTypeSchema = z
  .enum(['basic', 'premium', 'ultimate'])
  .meta({ id: 'SiteType', description: 'The type of the site' });

export const SiteAgentsContextSchema = z.enum(['excluded', 'included']).meta({
  id: 'SiteAgentsContext',
  description: 'excluded: agents cannot access the site; included: they can',
});

export const SiteTitleSchema = z
  .string()
  .trim()
  .min(2)
  .max(128)
  .describe('Title of the site (2 to 128 characters)');
export const SiteBasenameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" and "-", starting with a letter or digit')
  .describe('Basename of the site in its published URL (1 to 100 characters)');
export const SiteProxySchema = z
  .string()
  .max(512)
  .regex(/^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/, 'a domain followed by a path, e.g. example.com/docs')
  .describe('Serve the site under a sub-path of a domain, e.g. example.com/docs')
  .meta({ examples: ['example.com/docs'] });

export const SiteSectionTitleSchema = z
  .string()
  .trim()
  .min(2)
  .max(128)
  .describe('Title of the section (2 to 128 characters)');
export const SitePathSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'letters, digits, ".", "_" and "-", starting with a letter or digit',
  );
export const SiteConditionSchema = z
  .string()
  .min(1)
  .max(1024)
  .describe("Expression over the visitor's claims, e.g. visitor.claims.unsigned.betaUser == true");
export const SiteIconSchema = z.string().min(1).max(50).describe('Name of an icon');
export const SiteSectionDescriptionSchema = z.string().max(256).describe('Description of the section');
export const SiteSectionGroupTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('Title of the section group (1 to 100 characters)');
export const ShareLinkNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .describe('Name of the share link (1 to 50 characters)');
/** A share link's secret as visitors send it. */
export const ShareKeySchema = z.string().min(1).max(128).describe('Secret of a share link of the site');
