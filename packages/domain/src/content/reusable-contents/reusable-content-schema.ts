/** The RevisionReusableContent resource as GitBook's API has it, and its presenter. */
import { z } from 'zod';
import { gitBlobOf } from '../revisions/page-tree';
import type { StoredPage } from '../revisions/stored-page';

export const ReusableContentSchema = z
  .object({
    id: z.string().describe('Id of the reusable content, stable across revisions'),
    title: z.string().describe('Title of the reusable content'),
    document: z
      .string()
      .optional()
      .describe('Id of the document holding its body (changes whenever the body does); absent: empty'),
    git: z
      .object({
        oid: z.string().describe('SHA of the blob'),
        path: z.string().describe('Path of the blob in the repository'),
        url: z.string().optional().describe('The file on the Git provider'),
      })
      .optional()
      .describe('The file of the Git repository its last Git Sync import read it from'),
  })
  .meta({
    id: 'RevisionReusableContent',
    description: 'Content written once and included in any number of pages (a reusable-content block)',
  });

export type ReusableContent = z.infer<typeof ReusableContentSchema>;

/** A reusable content as its resource shows it; `metadata: false` leaves out its Git blob. */
export function presentReusableContent(content: StoredPage, metadata = true): ReusableContent {
  return {
    id: content.id,
    title: content.title,
    document: content.body,
    ...(metadata && content.git !== undefined ? { git: gitBlobOf(content.git) } : {}),
  };
}
