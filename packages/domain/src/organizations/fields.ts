/** Field schemas of organizations, shared by the create and update inputs and the resource. */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';
import { ORGANIZATION_COMMUNITY_TYPES, ORGANIZATION_TYPES, ORGANIZATION_USE_CASES } from './records';

/** 2 to 255 characters, surrounding spaces removed. */
export const OrganizationTitleSchema = z
  .string()
  .trim()
  .min(2)
  .max(255)
  .describe('Title of the organization (2 to 255 characters)');

/**
 * 3 to 32 characters. The hostname names the organization's public content (a DNS label),
 * so it is stored lower case and limited to letters, digits and inner hyphens, which is
 * what GitBook's subdomains accept; two spellings of one label are one hostname.
 */
export const OrganizationHostnameSchema = z
  .string()
  .min(3)
  .max(32)
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, 'only letters, digits and hyphens, not at either end')
  .describe(
    'Default hostname of the organization (3 to 32 letters, digits or hyphens); unique on the instance',
  );

/** A domain name such as `example.com`, stored lower case. */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'not a domain name (e.g. example.com)')
  .describe('An email domain, e.g. example.com');

/** People with an address in one of these domains may find and join the organization. */
export const EmailDomainsSchema = z
  .array(EmailDomainSchema)
  .max(100)
  .describe('Email domains whose people may join the organization (at most 100)');

export const OrganizationTypeSchema = z.enum(ORGANIZATION_TYPES).meta({
  id: 'OrganizationType',
  description: 'business: a company or team; community: a non-profit, open-source or education community',
});

export const OrganizationUseCaseSchema = z
  .enum(ORGANIZATION_USE_CASES)
  .meta({ id: 'OrganizationUseCase', description: 'What the organization documents' });

export const OrganizationCommunityTypeSchema = z
  .enum(ORGANIZATION_COMMUNITY_TYPES)
  .meta({ id: 'OrganizationCommunityType', description: 'The kind of a community organization' });

/** The content shown at the organization's hostname: a site of the organization. */
export const DefaultContentSchema = z
  .strictObject({
    type: z.literal('site').describe('Always "site"'),
    site: IdSchema.describe('Id of the site'),
  })
  .meta({ id: 'OrganizationDefaultContent', description: 'The content served at the organization hostname' });

/** An absolute http(s) URL of at most 2048 characters. */
export const LogoUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .describe('URL of the organization logo (http or https, at most 2048 characters)');
