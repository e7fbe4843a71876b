/** The shapes of search results (GitBook's space and organization search items). */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { IdSchema, UrlSchema } from '../core/schemas';
import type { PageHit } from './content-search';

export const SearchSectionResultSchema = z
  .object({
    id: z.string().describe("Anchor of the section's heading (the page id for the text before any heading)"),
    title: z.string().describe("The section's heading"),
    path: z.string().describe('Path of the page, with the anchor of the heading'),
    body: z.string().describe('Excerpt of the section around the match'),
    urls: z.object({ app: UrlSchema.describe('The section in the app') }),
  })
  .meta({ id: 'SearchSectionResult', description: 'A section of a page that matches a search' });

export const SearchPageResultSchema = z
  .object({
    id: IdSchema.describe('Id of the page'),
    title: z.string().describe('Title of the page'),
    path: z.string().describe('Path of the page in its space'),
    sections: z.array(SearchSectionResultSchema).describe('Sections of the page that match, best first'),
    urls: z.object({ app: UrlSchema.describe('The page in the app') }),
  })
  .meta({ id: 'SearchPageResult', description: 'A page that matches a search' });

export const SearchSpaceResultSchema = z
  .object({
    id: IdSchema.describe('Id of the space'),
    title: z.string().describe('Title of the space'),
    pages: z.array(SearchPageResultSchema).describe('Pages of the space that match, best first'),
  })
  .meta({ id: 'SearchSpaceResult', description: 'A space with pages that match a search' });

export type SearchPageResult = z.infer<typeof SearchPageResultSchema>;

/** A page hit of a space's revision, with the app's links to the page and to each section. */
export function presentPageHit(
  urls: PublicUrls,
  space: { id: string; organizationId: string },
  hit: PageHit,
): SearchPageResult {
  const spaceApp = [urls.app, 'o', space.organizationId, 's', space.id].join('/');
  return {
    id: hit.pageId,
    title: hit.title,
    path: hit.path,
    sections: hit.sections.map((section) => ({
      id: section.id,
      title: section.title,
      path: section.path,
      body: section.excerpt,
      urls: { app: spaceApp + '/' + section.path },
    })),
    urls: { app: spaceApp + '/' + hit.path },
  };
}
