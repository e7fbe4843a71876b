/** The insights area: what readers of a published site do, counted per day and page, and the queries over it. */
import { defineArea } from '../core/area-declaration';
import { INSIGHTS_RULES } from '../policies/insights-policy';
import { insightsOperations } from './operations';

export const insightsArea = defineArea({
  key: 'insights',
  // Events name a published site's places (publishing) and pages of its spaces' content.
  buildsOn: ['content', 'publishing'],
  operations: insightsOperations,
  repositories: ['siteInsights'],
  ports: ['insightsEventBudget'],
  policy: { insights: INSIGHTS_RULES },
});
