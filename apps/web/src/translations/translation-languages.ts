/**
 * The languages a translation goes from and to (the server's list, GitBook's ISO 639-1
 * codes), each named in the reader's own language by the browser (`Intl.DisplayNames`).
 */
import type { TranslationLanguage } from './translation-types';

const LANGUAGES = {
  en: true,
  fr: true,
  de: true,
  es: true,
  it: true,
  pt: true,
  ru: true,
  ja: true,
  zh: true,
  ko: true,
  ar: true,
  hi: true,
  nl: true,
  pl: true,
  tr: true,
  sv: true,
  no: true,
  da: true,
  fi: true,
  el: true,
  cs: true,
  hu: true,
  ro: true,
  th: true,
  vi: true,
  id: true,
  ms: true,
  he: true,
  uk: true,
  sk: true,
  bg: true,
  hr: true,
  lt: true,
  lv: true,
  et: true,
  sl: true,
  // A record over the server's type: a code it adds or drops fails the type check here.
} satisfies Record<TranslationLanguage, true>;

export const TRANSLATION_LANGUAGES = Object.keys(LANGUAGES) as TranslationLanguage[];

const isTranslationLanguage = (code: string): code is TranslationLanguage => Object.hasOwn(LANGUAGES, code);

const displayNames = new Intl.DisplayNames(undefined, { type: 'language' });

/** "French" for 'fr' (the code itself if the browser has no name for it). */
export const languageName = (code: string): string => displayNames.of(code) ?? code;

/** The languages, as a select lists them: by name. */
export const languagesByName = (): TranslationLanguage[] =>
  [...TRANSLATION_LANGUAGES].sort((a, b) => languageName(a).localeCompare(languageName(b)));

/**
 * The language a space's content is in, as a translation names it: the space's `language`
 * without its region ('pt-BR' is 'pt'), or 'en' when the space has none the list knows.
 */
export function sourceLanguageOf(spaceLanguage: string | undefined): TranslationLanguage {
  const primary = spaceLanguage?.split('-')[0]?.toLowerCase() ?? '';
  return isTranslationLanguage(primary) ? primary : 'en';
}
