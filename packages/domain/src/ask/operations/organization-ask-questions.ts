/**
 * The questions an organization suggests its members ask (GitBook's
 * `getRecommendedQuestionsInOrganization`, `GET ORG/ask/questions`, `{questions}`; and
 * `streamRecommendedQuestionsInOrganization`, `.../questions/stream`, one `{question}` event
 * each): the questions stored for its published sites (`stored-questions.ts`, the first
 * `SITES_ASKED` sites, oldest first), each once, at most `QUESTION_LIMITS.questions`. They
 * come from what every anonymous visitor of those sites reads, so any member may be shown
 * them; none without an AI provider or while no site's job has run. Who may ask: the
 * organization's members (404 for anyone else).
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { operation } from '../../core/operation';
import { OrganizationIdParam } from '../../organizations';
import { authorizeOrganization } from '../../policies/organization-policy';
import { QUESTION_LIMITS } from '../ask-limits';
import { RecommendedQuestionsSchema } from '../ask-schema';
import { storedSiteQuestions } from '../stored-questions';

/** Sites whose questions an organization's list draws from: organizations hold few sites. */
const SITES_ASKED = 10;

async function organizationQuestions(ctx: OperationContext, organizationId: string): Promise<string[]> {
  await authorizeOrganization(ctx, organizationId, 'view');
  if (!ctx.answerProvider.configured) return [];
  const sites = (await ctx.repos.sites.listAll(organizationId)).filter((site) => site.published);
  const all = await Promise.all(sites.slice(0, SITES_ASKED).map((site) => storedSiteQuestions(ctx, site)));
  return [...new Set(all.flat())].slice(0, QUESTION_LIMITS.questions);
}

const QuestionEventSchema = z
  .object({ question: z.string().describe('A question to ask') })
  .meta({ id: 'SearchAIRecommendedQuestionStream', description: 'One suggested question' });

const input = z.strictObject({ organizationId: OrganizationIdParam });

export const organizationAskQuestions = operation({
  name: 'orgs.askQuestions',
  kind: 'query',
  summary: 'List the questions an organization suggests its members ask',
  input,
  output: RecommendedQuestionsSchema,
  async run(ctx, { organizationId }) {
    return { questions: await organizationQuestions(ctx, organizationId) };
  },
});

export const streamOrganizationAskQuestions = operation({
  name: 'orgs.askQuestionsStream',
  kind: 'query',
  summary: 'Stream the questions an organization suggests its members ask',
  input,
  output: z.array(QuestionEventSchema).describe('The suggested questions, in order'),
  async run(ctx, { organizationId }) {
    return (await organizationQuestions(ctx, organizationId)).map((question) => ({ question }));
  },
});
