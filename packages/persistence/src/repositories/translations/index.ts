/** The translations area's repositories and their indexes. */
import type { TranslationsRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoTranslationRepository, translationIndexes } from './translation-repository';

export const translationsIndexes: CollectionIndexes[] = [...translationIndexes];

export const translationsRepositories = (db: StoreDatabase): TranslationsRepositories => ({
  translations: new MongoTranslationRepository(db),
});
