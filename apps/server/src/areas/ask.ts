/**
 * How the ask area is served: its routes, its documentation tag, the AI provider from the
 * configuration and the budgets of questions it may be asked.
 */
import { answerBudget } from '../ask/answer-budget';
import { answerProviderFromConfig } from '../ask/answer-provider-from-config';
import { askRoutes } from '../faces/rest/routes/ask';
import { defineServerArea } from './server-area';

export const askServing = defineServerArea({
  key: 'ask',
  routes: askRoutes,
  tags: [
    {
      name: 'Ask',
      group: 'publishing',
      prefixes: [
        'sites.ask',
        'sites.askQuestions',
        'orgs.ask',
        'orgs.askStream',
        'orgs.askQuestions',
        'orgs.askQuestionsStream',
      ],
      description:
        'Questions answered from the docs by the configured AI provider (OpenAI-compatible): the search finds ' +
        'what the asker may read, the best pages go to the model, and the answer cites the pages it used.',
    },
  ],
  ports: ({ config, store }) => ({
    answerProvider: answerProviderFromConfig(config),
    answerBudget: answerBudget(store, config.answerLimits),
  }),
});
