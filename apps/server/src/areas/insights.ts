/** How the insights area is served: its routes, its documentation tag and its event budgets. */
import { insightRoutes } from '../faces/rest/routes/insights';
import { insightsEventBudget } from '../insights/insights-event-budget';
import { defineServerArea } from './server-area';

export const insightsServing = defineServerArea({
  key: 'insights',
  routes: insightRoutes,
  tags: [
    {
      name: 'Site insights',
      group: 'publishing',
      prefixes: ['sites.insights'],
      description:
        'What readers of a published site do (page views, searches, link clicks, page feedback), sent by the ' +
        'renderer without an account and counted per day and page; the queries over those counters for site editors.',
    },
  ],
  ports: ({ store }) => ({ insightsEventBudget: insightsEventBudget(store) }),
});
