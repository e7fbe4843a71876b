/** The ask area: questions answered from the docs by an AI provider, with the pages used. */
import { defineArea } from '../core/area-declaration';
import { askOperations } from './operations';

export const askArea = defineArea({
  key: 'ask',
  buildsOn: ['organizations', 'content', 'search', 'publishing'],
  operations: askOperations,
  repositories: [],
  ports: ['answerProvider'],
});
