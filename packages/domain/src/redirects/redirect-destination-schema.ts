/**
 * Where a redirect goes, as requests give it and as the resource shows it: a section, a site
 * space or a page of the same site, or an absolute http(s) URL elsewhere. Requests may also
 * name a page by its path in a space the site shows (`path`), which is stored as the page.
 */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';

/** Longest external URL (GitBook's limit for URLs). */
export const MAX_URL_LENGTH = 2048;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters and spaces are what is refused
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f]/;

/** Why `text` is not an address a visitor may be sent to, or undefined. */
export function externalUrlProblem(text: string): string | undefined {
  if (UNSAFE_CHARACTERS.test(text)) return 'no spaces or control characters';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'an absolute URL';
  }
  // `javascript:`, `data:`, `file:` and the like would run or read something in the visitor's browser.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an http or https URL';
  if (url.hostname === '') return 'a URL with a host';
  if (url.username !== '' || url.password !== '') return 'a URL without credentials';
  return undefined;
}

export const ExternalUrlSchema = z
  .string()
  .min(1)
  .max(MAX_URL_LENGTH)
  .superRefine((text, context) => {
    const problem = externalUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .describe('An absolute http or https URL');

const sectionShape = {
  kind: z.literal('site-section'),
  siteSectionId: IdSchema.describe('Id of a section of the site'),
};
const siteSpaceShape = {
  kind: z.literal('site-space'),
  siteSpaceId: IdSchema.describe('Id of a site space of the site'),
};
const pageShape = {
  kind: z.literal('site-page'),
  siteSpaceId: IdSchema.describe('Id of the site space showing the page'),
  pageId: IdSchema.describe('Id of the page in the site space'),
};

export const RedirectDestinationSchema = z
  .discriminatedUnion('kind', [
    z.object(sectionShape),
    z.object(siteSpaceShape),
    z.object(pageShape),
    z.object({ kind: z.literal('external'), url: z.string().describe('The address visitors are sent to') }),
  ])
  .meta({
    id: 'SiteRedirectDestination',
    description: 'A section, site space or page of the same site, or an address elsewhere',
  });

export type RedirectDestination = z.infer<typeof RedirectDestinationSchema>;

export const RedirectDestinationInputSchema = z
  .discriminatedUnion('kind', [
    z.strictObject(sectionShape),
    z.strictObject(siteSpaceShape),
    z.strictObject(pageShape),
    z.strictObject({ kind: z.literal('external'), url: ExternalUrlSchema }),
    z.strictObject({
      kind: z.literal('path'),
      spaceId: IdSchema.describe('Id of a space the site shows'),
      path: z.string().min(1).max(1024).describe("The page's path in the space's current content"),
    }),
  ])
  .describe(
    'A section, site space or page of the site, an http(s) URL, or a page by its path in a space of the site',
  );

export type RedirectDestinationInput = z.infer<typeof RedirectDestinationInputSchema>;
