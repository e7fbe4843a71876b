/**
 * Texts split into provider calls: consecutive runs of at most `maxTexts` texts and
 * `maxCharacters` characters each, so a space of 500 pages makes one call per batch, never
 * one per sentence. A text longer than `maxCharacters` alone makes a batch of its own (a
 * block is never cut: its sentences translate together). Order is kept: the batches
 * concatenated are the texts.
 */
export interface TranslationBatchLimits {
  maxTexts: number;
  maxCharacters: number;
}

export const defaultTranslationBatchLimits: TranslationBatchLimits = { maxTexts: 50, maxCharacters: 20_000 };

export function splitIntoBatches(
  texts: readonly string[],
  limits: TranslationBatchLimits = defaultTranslationBatchLimits,
): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let characters = 0;
  for (const text of texts) {
    const full = current.length >= limits.maxTexts || characters + text.length > limits.maxCharacters;
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      characters = 0;
    }
    current.push(text);
    characters += text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
