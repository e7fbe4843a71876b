/** The translations area's routes: an organization's translations of its spaces, and their runs. */
import { translationsOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { translations } = translationsOperations;
const TRANSLATIONS = '/v1/orgs/:organizationId/translations';
const TRANSLATION = `${TRANSLATIONS}/:translationId`;

export const translationRoutes: readonly RestRoute[] = [
  route('GET', TRANSLATIONS, translations.list),
  route('POST', TRANSLATIONS, translations.create, 201),
  route('GET', TRANSLATION, translations.get),
  route('PUT', TRANSLATION, translations.update),
  route('DELETE', TRANSLATION, translations.remove),
  route('POST', `${TRANSLATION}/run`, translations.run),
];
