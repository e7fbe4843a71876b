/**
 * The translations area's operations, mounted once in the registry under `translations`:
 * an organization's translations of its spaces.
 */
import type { OperationTree } from '../../core/operation';
import { createTranslation } from './create-translation';
import { getTranslation } from './get-translation';
import { listTranslations } from './list-translations';
import { removeTranslation } from './remove-translation';
import { runTranslation } from './run-translation';
import { updateTranslation } from './update-translation';

export const translationsOperations = {
  translations: {
    list: listTranslations,
    create: createTranslation,
    get: getTranslation,
    update: updateTranslation,
    remove: removeTranslation,
    run: runTranslation,
  },
} satisfies OperationTree;
