/** Translations as the server presents them to the app. */
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter, RouterOutputs } from '../api/app-router';

export type Translation = RouterOutputs['translations']['get'];
export type TranslationStatus = Translation['status'];
export type TranslationStats = Translation['stats'];
export type TranslationLanguage = inferRouterInputs<AppRouter>['translations']['create']['language'];
export type InstructionsDocument = NonNullable<
  inferRouterInputs<AppRouter>['translations']['create']['instructions']
>;
