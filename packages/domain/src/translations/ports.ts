import type { PageRequest, Slice } from '../core/paging';
import type { TranslationRecord } from './records';

export interface TranslationRepository {
  findById(id: string): Promise<TranslationRecord | null>;
  /** The translations of an organization, oldest first (ids are time-ordered), keyset-paged. */
  listPage(organizationId: string, page: PageRequest): Promise<Slice<TranslationRecord>>;
  count(organizationId: string): Promise<number>;
  /**
   * False when the organization already translates this source space into this language
   * (nothing written): one translation per space and target language.
   */
  insert(translation: TranslationRecord): Promise<boolean>;
  /** Replaces the translation when its stored version is still `expectedVersion`; false otherwise. */
  replace(translation: TranslationRecord, expectedVersion: number): Promise<boolean>;
  /** True when a translation was deleted. */
  delete(id: string): Promise<boolean>;
}
