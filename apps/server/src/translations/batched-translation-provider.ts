/**
 * A provider that takes any number of texts and sends them in batches (`splitIntoBatches`),
 * one call after the other: a self-hosted provider serves one call at a time anyway, and a
 * failed batch stops the rest (the run fails with its reason). An empty request makes no call.
 * `onTranslated` hears of each batch as it comes back: that is a run's progress.
 */
import type { TranslationBatch, TranslationProvider } from '@quire/domain';
import {
  defaultTranslationBatchLimits,
  splitIntoBatches,
  type TranslationBatchLimits,
} from './translation-batches';

export function batchedTranslationProvider(
  provider: TranslationProvider,
  limits: TranslationBatchLimits = defaultTranslationBatchLimits,
): TranslationProvider {
  return {
    async translate(batch: TranslationBatch): Promise<string[]> {
      const { onTranslated, ...call } = batch;
      const translated: string[] = [];
      for (const texts of splitIntoBatches(batch.texts, limits)) {
        batch.signal?.throwIfAborted();
        translated.push(...(await provider.translate({ ...call, texts })));
        onTranslated?.(texts.length);
      }
      return translated;
    },
  };
}
