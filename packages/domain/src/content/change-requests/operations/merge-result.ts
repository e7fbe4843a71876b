import { z } from 'zod';

/** GitBook's merge and update answer, with the conflicts named (beyond its shape). */
export const MergeResultSchema = z
  .object({
    revision: z.string().describe('The resulting revision (on conflicts: the revision left untouched)'),
    result: z.enum(['merge', 'update', 'conflicts']).describe('What happened'),
    conflicts: z
      .array(
        z.object({
          page: z
            .string()
            .describe(
              'Id of the page (of the reusable content for a "reusableContent.*" field; the name of the variable for "spaceVariable")',
            ),
          field: z
            .string()
            .describe(
              'What could not be combined: a page field, "page" for delete-vs-edit, "reusableContent.<field>", or "spaceVariable" (a space\'s variable)',
            ),
          reason: z.string().describe('Why, e.g. edited-both, deleted-and-edited, moved-both, cycle'),
        }),
      )
      .optional()
      .describe('What could not be merged, when the result is "conflicts"'),
  })
  .meta({ id: 'ChangeRequestMergeResult', description: 'The outcome of a merge or an update' });

export type MergeOutcome = z.infer<typeof MergeResultSchema>;
