/**
 * A question answered from the content of an organization's spaces the caller may view
 * (GitBook's `askInOrganization`, `POST ORG/ask`): the whole answer at once, `{answer}`,
 * with the pages it cites. The streamed form is `orgs.askStream`. Outcomes as
 * `organization-answers.ts` says; a bad `query`, 400 naming it.
 */
import { z } from 'zod';
import { operation } from '../../core/operation';
import { OrganizationIdParam } from '../../organizations';
import { SearchQueryParam } from '../../search';
import { allEvents } from '../answer-question';
import { AnswerFormatParam } from '../ask-fields';
import { SearchAIAnswerSchema } from '../ask-schema';
import { organizationAnswerEvents } from './organization-answers';

export const askInOrganization = operation({
  name: 'orgs.ask',
  kind: 'query',
  summary: "Answer a question from the content of the organization's spaces the caller may view",
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    query: SearchQueryParam.describe('The question'),
    previousQueries: z
      .array(z.string().max(512))
      .max(10)
      .optional()
      .describe('Deprecated: questions asked before (not used)'),
    format: AnswerFormatParam,
    details: z.boolean().optional().describe("Return the query's details (Quire has none to add)"),
  }),
  output: z.object({ answer: SearchAIAnswerSchema }),
  async run(ctx, input) {
    const events = await allEvents(await organizationAnswerEvents(ctx, input.organizationId, input.query));
    const last = events.at(-1);
    return { answer: last ? last.answer : { followupQuestions: [], sources: [] } };
  },
});
