/**
 * The server's translation provider, from its configuration (`QUIRE_TRANSLATE_*`): the
 * adapter of the provider named, batched (`batchedTranslationProvider`), reaching it through
 * the outbound-fetch module with `QUIRE_FETCH_ALLOW_HOSTS`; or, with none configured, the
 * provider whose every call fails saying what to set.
 */
import type { TranslationProvider } from '@quire/domain';
import type { Config } from '../config';
import { batchedTranslationProvider } from './batched-translation-provider';
import { libreTranslateProvider } from './libretranslate-provider';
import { openAiProvider } from './openai-provider';
import { defaultProviderCallLimits } from './provider-endpoint';
import { defaultTranslationBatchLimits, type TranslationBatchLimits } from './translation-batches';
import { unconfiguredTranslationProvider } from './unconfigured-provider';

export interface ProviderTuning {
  timeoutMs: number;
  maxBytes: number;
  batches: TranslationBatchLimits;
}

export function translationProviderFromConfig(
  config: Pick<Config, 'translation' | 'fetchAllowHosts'> & Partial<Pick<Config, 'translationTimeoutMs'>>,
  tuning: ProviderTuning = {
    ...defaultProviderCallLimits,
    ...(config.translationTimeoutMs === undefined ? {} : { timeoutMs: config.translationTimeoutMs }),
    batches: defaultTranslationBatchLimits,
  },
): TranslationProvider {
  const settings = config.translation;
  if (settings === undefined) return unconfiguredTranslationProvider;
  const endpoint = {
    url: settings.url,
    apiKey: settings.apiKey,
    limits: { timeoutMs: tuning.timeoutMs, maxBytes: tuning.maxBytes, allowHosts: config.fetchAllowHosts },
  };
  const provider =
    settings.provider === 'libretranslate'
      ? libreTranslateProvider(endpoint)
      : openAiProvider({ ...endpoint, model: settings.model });
  return batchedTranslationProvider(provider, tuning.batches);
}
