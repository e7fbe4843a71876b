/**
 * The questions an organization suggests its members ask (GitBook's
 * `getRecommendedQuestionsInOrganization`, `GET ORG/ask/questions`, `{questions}`; and
 * `streamRecommendedQuestionsInOrganization`, `.../questions/stream`, one `{question}` event
 * each). *Decision:* none are written yet, with or without a provider (a suggestion would
 * cost a model call per reader, for questions nobody asked): the list is empty, as the
 * site's (`sites.askQuestions`). What the answer tells is who may ask: the organization's
 * members (404 for anyone else).
 */
import { z } from 'zod';
import { operation } from '../../core/operation';
import { OrganizationIdParam } from '../../organizations';
import { authorizeOrganization } from '../../policies/organization-policy';
import { RecommendedQuestionsSchema } from '../ask-schema';

const QuestionEventSchema = z
  .object({ question: z.string().describe('A question to ask') })
  .meta({ id: 'SearchAIRecommendedQuestionStream', description: 'One suggested question' });

const input = z.strictObject({ organizationId: OrganizationIdParam });

export const organizationAskQuestions = operation({
  name: 'orgs.askQuestions',
  kind: 'query',
  summary: 'List the questions an organization suggests its members ask (none yet)',
  input,
  output: RecommendedQuestionsSchema,
  async run(ctx, { organizationId }) {
    await authorizeOrganization(ctx, organizationId, 'view');
    return { questions: [] };
  },
});

export const streamOrganizationAskQuestions = operation({
  name: 'orgs.askQuestionsStream',
  kind: 'query',
  summary: 'Stream the questions an organization suggests its members ask (none yet)',
  input,
  output: z.array(QuestionEventSchema).describe('The suggested questions, in order'),
  async run(ctx, { organizationId }) {
    await authorizeOrganization(ctx, organizationId, 'view');
    return [];
  },
});
