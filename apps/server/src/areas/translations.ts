/** How the translations area is served: its routes, its documentation tags and the adapters of its ports. */
import { translationRoutes } from '../faces/rest/routes/translations';
import { translationProviderFromConfig } from '../translations/translation-provider-from-config';
import { defineServerArea } from './server-area';

export const translationsServing = defineServerArea({
  key: 'translations',
  routes: translationRoutes,
  tags: [
    {
      name: 'Translations',
      group: 'services',
      prefixes: ['translations'],
      description:
        "An organization's translations of its spaces into other languages: each run (a job) translates the " +
        "source space's content and writes it into the result space.",
    },
  ],
  ports: ({ config }) => ({ translationProvider: translationProviderFromConfig(config) }),
});
