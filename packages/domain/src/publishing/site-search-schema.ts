/**
 * The shapes of a site search (GitBook's `searchSiteContent`): its scope, and its results,
 * spaces with their pages ranked across the whole search (`rank`), each page with its
 * ancestors' titles, so a reader sees where a result lives.
 */
import { z } from 'zod';
import { IdSchema, UrlSchema } from '../core/schemas';
import { SearchSectionResultSchema } from '../search';

const SiteSpaceIdText = IdSchema.describe('Id of a site space');

/** Where a site search looks (GitBook's `SiteSearchScope`, and its earlier forms). */
export const SiteSearchScopeSchema = z
  .union([
    z.strictObject({
      mode: z.literal('default'),
      currentSiteSpace: SiteSpaceIdText.optional().describe('The site space the search is made from'),
      restrictTo: z
        .enum(['currentSiteSpace', 'otherSiteSpaces'])
        .optional()
        .describe(
          'Only the current site space, or only the others of the default scope (needs currentSiteSpace)',
        ),
    }),
    z.strictObject({
      mode: z.literal('specific'),
      siteSpaceIds: z.array(SiteSpaceIdText).min(1).max(100),
    }),
    z.strictObject({ mode: z.literal('all') }),
  ])
  .meta({ id: 'SiteSearchScope', description: 'Which site spaces a site search looks in' });

export type SiteSearchScope = z.infer<typeof SiteSearchScopeSchema>;

const ScoreSchema = z.number().min(0).describe('Relevance: higher is better');

export const SiteSearchPageResultSchema = z
  .object({
    id: IdSchema.describe('Id of the page'),
    title: z.string().describe('Title of the page'),
    description: z.string().describe('Description of the page'),
    path: z.string().describe('Path of the page in its space'),
    score: ScoreSchema,
    rank: z.number().int().min(1).describe('Position of the page among every page found, from 1'),
    resultType: z.enum(['page', 'section']).describe('Whether the page matched on its title or in a section'),
    sections: z.array(SearchSectionResultSchema.extend({ score: ScoreSchema })),
    ancestors: z.array(z.object({ title: z.string() })).describe('Titles of the pages above it, top first'),
    urls: z.object({ app: UrlSchema.describe('The page in the app') }),
  })
  .meta({ id: 'SiteSearchPageResult', description: 'A page of a site that matches a search' });

export const SiteSearchSpaceResultSchema = z
  .object({
    type: z.literal('space'),
    id: IdSchema.describe('Id of the space'),
    title: z.string().describe('Title of the space'),
    score: ScoreSchema,
    pages: z.array(SiteSearchPageResultSchema),
  })
  .meta({ id: 'SiteSearchSpaceResult', description: 'A space of a site with pages that match a search' });

export type SiteSearchSpaceResult = z.infer<typeof SiteSearchSpaceResultSchema>;
export type SiteSearchPageResult = z.infer<typeof SiteSearchPageResultSchema>;
