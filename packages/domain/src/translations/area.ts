/** The translations area: an organization's translations of its spaces into other languages, and their runs. */
import { defineArea } from '../core/area-declaration';
import { TRANSLATION_RULES } from '../policies/translation-policy';
import { translationsOperations } from './operations';
import { translationJobHandlers } from './translation-run-job';

export const translationsArea = defineArea({
  key: 'translations',
  buildsOn: ['jobs', 'content'],
  operations: translationsOperations,
  jobHandlers: translationJobHandlers,
  repositories: ['translations'],
  ports: ['translationProvider'],
  policy: { translation: TRANSLATION_RULES },
});
