/**
 * The shapes of GitBook's published-content lookup (0.202.0): the request of
 * `resolvePublishedContentByUrl` (`url`, `redirectOnError`, `visitor`: `SiteVisitorPayload`)
 * and its answer, `PublishedSiteContentLookup`: a redirect (`PublishedContentRedirect`) or the
 * content the URL resolves to (`PublishedSiteContent`).
 */
import { z } from 'zod';

/** Keys that never become claims: they name the prototype chain of the object they are read into. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Bounds of unsigned claims: they ride in every site API token made for the visitor. */
const MAX_CLAIM_DEPTH = 5;
const MAX_CLAIM_ENTRIES = 200;
const MAX_CLAIM_TEXT = 1024;
/**
 * Their JSON's length in all: with a visitor token's claims (at most 8192 characters of JWT)
 * they must fit in a site token a request can carry (`MAX_SITE_TOKEN_LENGTH`, 16384).
 */
const MAX_CLAIMS_JSON = 4096;

/** Why unsigned claims are refused (GitBook's `PlainObject`, bounded); undefined when they are not. */
function plainObjectProblem(value: unknown): string | undefined {
  const problem = claimProblem(value, 0, false, { entries: 0 });
  if (problem !== undefined) return problem;
  // Bounded by the walk above (200 values of 1024 characters), so this costs little.
  return JSON.stringify(value).length > MAX_CLAIMS_JSON ? 'more than 4096 characters of JSON' : undefined;
}

/**
 * Why one value of the claims is refused, counting the values seen in `count`. A function of
 * its own, not a closure made per call: the URL lookup checks claims on every request.
 */
function claimProblem(
  item: unknown,
  depth: number,
  inArray: boolean,
  count: { entries: number },
): string | undefined {
  if (typeof item === 'string')
    return item.length > MAX_CLAIM_TEXT ? 'a text over 1024 characters' : undefined;
  if (typeof item === 'boolean') return undefined;
  if (typeof item === 'number') return Number.isFinite(item) ? undefined : 'a number that is not finite';
  if (depth >= MAX_CLAIM_DEPTH) return 'nested more than 5 levels';
  if (Array.isArray(item)) {
    if (inArray) return 'an array in an array';
    for (const element of item) {
      if (++count.entries > MAX_CLAIM_ENTRIES) return 'more than 200 values';
      const problem = claimProblem(element, depth + 1, true, count);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof item !== 'object' || item === null)
    return 'a value that is not a string, number, boolean, array or object';
  for (const [key, element] of Object.entries(item)) {
    if (FORBIDDEN_KEYS.has(key)) return `the key "${key}"`;
    if (key.length > 128) return 'a key over 128 characters';
    if (++count.entries > MAX_CLAIM_ENTRIES) return 'more than 200 values';
    const problem = claimProblem(element, depth + 1, false, count);
    if (problem) return problem;
  }
  return undefined;
}

export const UnsignedClaimsSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, context) => {
    const problem = plainObjectProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: `unsigned claims may not hold ${problem}` });
  })
  .describe(
    'Claims nobody signed (at most 5 levels, 200 values, 4096 characters of JSON): conditions read them as visitor.claims.unsigned',
  );

export const SiteVisitorPayloadSchema = z
  .strictObject({
    type: z
      .enum(['human', 'agent'])
      .optional()
      .describe('Whether the visitor is a human or an AI agent (human when absent)'),
    jwtToken: z
      .string()
      .min(1)
      .max(8192)
      .optional()
      .describe("A visitor token: a JWT signed with the site's key, or a member's ping token"),
    unsignedClaims: UnsignedClaimsSchema.optional(),
  })
  .describe('Who visits: a signed visitor token and/or unsigned claims');

export const ResolvePublishedUrlInputSchema = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(2048)
    .describe('The absolute URL to resolve (http or https)')
    .meta({ examples: ['https://docs.example.com/getting-started'] }),
  redirectOnError: z
    .boolean()
    .optional()
    .describe("When true, a visitor token that does not verify is answered with the site's fallback URL"),
  visitor: SiteVisitorPayloadSchema.optional(),
  cacheBust: z
    .string()
    .max(64)
    .optional()
    .describe(
      'Ignored: GitBook’s renderer sends it to miss a cache; every answer here carries a fresh token',
    ),
});

const RedirectUrl = z.string().describe('Where to send the visitor');

export const PublishedContentRedirectSchema = z.union([
  z
    .object({
      target: z
        .enum(['application', 'content'])
        .describe('A page of the application, or other content of the site'),
      redirect: RedirectUrl,
    })
    .meta({ id: 'PublishedContentRedirectInternal' }),
  z
    .object({
      target: z
        .literal('external')
        .describe('An address outside the site (a visitor-authentication fallback)'),
      site: z.string().describe('Id of the resolved site'),
      redirect: RedirectUrl,
    })
    .meta({ id: 'PublishedContentRedirectExternal' }),
]);

export const PublishedSiteContentSchema = z
  .object({
    site: z.string().describe('Id of the site'),
    siteSection: z.string().optional().describe('Id of the site section (sites with sections)'),
    siteSpace: z.string().describe('Id of the site space'),
    space: z.string().describe('Id of the space'),
    revision: z
      .string()
      .optional()
      .describe('Id of the space’s current revision (absent while it has no content)'),
    pathname: z.string().describe('The path of the content after the base path, without a leading slash'),
    basePath: z.string().describe('The path of the site space in the URL, with leading and trailing slashes'),
    siteBasePath: z.string().describe('The path of the site in the URL, with leading and trailing slashes'),
    apiToken: z
      .string()
      .describe("Short-lived token reading what this visitor may read of the site's content"),
    organization: z.string().describe('Id of the organization'),
    shareKey: z.string().optional().describe('The share link key the visitor came with'),
    complete: z
      .boolean()
      .describe(
        'Whether every level of the site (section, site space) was named by the URL or has no other choice',
      ),
    contextId: z
      .string()
      .optional()
      .describe(
        "A fingerprint of an authenticated visitor's claims: it changes when what they are shown may change",
      ),
    canonicalUrl: z.string().describe('The canonical URL of the resolved content'),
  })
  .meta({ id: 'PublishedSiteContent', description: 'The content a published URL resolves to' });

export const PublishedSiteContentLookupSchema = z
  .union([PublishedContentRedirectSchema, PublishedSiteContentSchema])
  .meta({
    id: 'PublishedSiteContentLookup',
    description: 'A redirect, or the content a published URL resolves to',
  });

export type PublishedSiteContentLookup = z.input<typeof PublishedSiteContentLookupSchema>;
export type PublishedSiteContent = z.input<typeof PublishedSiteContentSchema>;
