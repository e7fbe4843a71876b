/**
 * What a run's translations depend on besides the pages themselves: the two languages and
 * the instructions. Kept (hashed) with the result, so a run after the instructions changed
 * sends every page again: a user who fixes a glossary term expects the whole space to use it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { TranslationRecord } from './records';

export function translationBasisOf(
  translation: Pick<TranslationRecord, 'sourceLanguage' | 'language' | 'instructions'>,
): string {
  const basis = JSON.stringify([translation.sourceLanguage, translation.language, translation.instructions]);
  let hex = '';
  for (const byte of sha256(utf8ToBytes(basis))) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
