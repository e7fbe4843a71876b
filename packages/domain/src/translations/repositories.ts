/** The repositories of the translations area, added to every operation's `ctx.repos`. */
import type { TranslationRepository } from './ports';

export interface TranslationsRepositories {
  translations: TranslationRepository;
}

declare module '../core/context' {
  interface Repositories extends TranslationsRepositories {}
}
