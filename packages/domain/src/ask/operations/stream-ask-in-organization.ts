/**
 * `orgs.ask` streamed (GitBook's `streamAskInOrganization`, `GET ORG/ask/stream?query=`):
 * server-sent events, each the answer so far (`SearchAIAnswerStream`). GraphQL and tRPC
 * answer the list of events. Outcomes as `organization-answers.ts` says.
 */
import { z } from 'zod';
import { operation } from '../../core/operation';
import { OrganizationIdParam } from '../../organizations';
import { SearchQueryParam } from '../../search';
import { AnswerFormatParam } from '../ask-fields';
import { SearchAIAnswerEventSchema } from '../ask-schema';
import { streamedList } from '../streamed-list';
import { organizationAnswerEvents } from './organization-answers';

export const streamAskInOrganization = operation({
  name: 'orgs.askStream',
  kind: 'query',
  spends: "one of the asker's questions to the AI provider",
  summary: "Answer a question from the organization's content the caller may view, streamed",
  input: z.strictObject({
    organizationId: OrganizationIdParam,
    query: SearchQueryParam.describe('The question'),
    format: AnswerFormatParam,
    details: z.boolean().optional().describe("Return the query's details (Quire has none to add)"),
  }),
  output: z
    .array(SearchAIAnswerEventSchema)
    .describe('The answer as it is written, each event the answer so far'),
  async run(ctx, input) {
    return streamedList(await organizationAnswerEvents(ctx, input.organizationId, input.query));
  },
});
