/** The ask area: questions answered from the docs by an AI provider, with the pages used. */
import { defineArea } from '../core/area-declaration';
import { askOperations } from './operations';
import { askJobHandlers } from './site-questions-job';

export const askArea = defineArea({
  key: 'ask',
  buildsOn: ['organizations', 'jobs', 'content', 'search', 'publishing'],
  operations: askOperations,
  jobHandlers: askJobHandlers,
  repositories: [],
  ports: ['answerProvider', 'answerBudget'],
});
