/**
 * The languages a translation goes from and to: exactly GitBook's `TranslationLanguage`
 * (ISO 639-1 codes, no region variants), so any value a GitBook client sends is known here
 * and nothing else is. Both provider kinds (LibreTranslate, chat models) take these codes.
 */
import { z } from 'zod';

export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'ru',
  'ja',
  'zh',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;

export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export const TranslationLanguageSchema = z.enum(TRANSLATION_LANGUAGES).meta({
  id: 'TranslationLanguage',
  description: 'A language, as its ISO 639-1 code (the list GitBook accepts)',
});
