/** The translations area: an organization's translations of its spaces into other languages, and their runs. */
export * from './operations';
export type * from './ports';
export type * from './records';
export type { TranslationsRepositories } from './repositories';
export * from './translation-fields';
export * from './translation-languages';
export * from './translation-provider';
export * from './translation-run-failures';
export { runTranslationJob, type TranslationRunResult, translationJobHandlers } from './translation-run-job';
export * from './translation-runs';
export * from './translation-schema';
export * from './translation-status';
