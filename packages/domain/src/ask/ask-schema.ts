/** The shapes of answers from the docs: GitBook's `SearchAIAnswer`, its stream's event and the recommended questions. */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';

/** A page an answer used (GitBook's `SearchAIAnswerSourcePage`): one the asker may read, cited by the answer. */
export const AnswerPageSourceSchema = z
  .object({
    type: z.literal('page'),
    page: IdSchema.describe('Id of the page'),
    revision: IdSchema.describe('The revision the page was read from'),
    space: IdSchema.describe('Id of the space holding the page'),
    sections: z.array(z.string()).describe('Ids of the sections of the page given to the model'),
    reason: z.string().optional().describe('How the source was used'),
  })
  .meta({ id: 'SearchAIAnswerSourcePage', description: 'A page an answer used' });

export const SearchAIAnswerSchema = z
  .object({
    answer: z
      .object({ markdown: z.string().describe('The answer, with its citations as [n] links to the sources') })
      .optional()
      .describe('The answer (absent when nothing the asker may read matched the question)'),
    followupQuestions: z.array(z.string()).describe('Questions to ask next'),
    sources: z.array(AnswerPageSourceSchema).describe('The pages the answer cites, in order of citation'),
  })
  .meta({
    id: 'SearchAIAnswer',
    description: 'An answer to a question from the docs, with the pages it used',
    examples: [{ answer: { markdown: 'Run `quire init` [1].' }, followupQuestions: [], sources: [] }],
  });
export type SearchAIAnswer = z.infer<typeof SearchAIAnswerSchema>;

/** One event of a streamed answer (GitBook's `SearchAIAnswerStream`): the answer as written so far. */
export const SearchAIAnswerEventSchema = z
  .object({ type: z.literal('answer'), answer: SearchAIAnswerSchema })
  .meta({ id: 'SearchAIAnswerStream', description: 'The answer so far' });
export type SearchAIAnswerEvent = z.infer<typeof SearchAIAnswerEventSchema>;

/** The recommended questions as one answer (GitBook's `SearchAIRecommendedQuestions`). */
export const RecommendedQuestionsSchema = z
  .object({ questions: z.array(z.string()).describe('Questions to ask') })
  .meta({ id: 'SearchAIRecommendedQuestions', description: 'Questions suggested to ask' });
