/**
 * A LibreTranslate-compatible API (self-hostable): `POST {url}/translate` with the batch's
 * texts as `q` (an array), `source`, `target`, `format: 'html'` (the blocks carry inline
 * marks as tags, see `@quire/documents`' translatable-text; in html mode the tags are kept
 * and only the text between them translated) and `api_key` when one is configured (where
 * LibreTranslate reads it). Its answer is `{ translatedText: string[] }`. It has no use for
 * `instructions`.
 */
import { AiProviderError, type TranslationBatch, type TranslationProvider } from '@quire/domain';
import { callProvider } from './provider-call';
import { isTranslationsOf, type ProviderEndpoint } from './provider-endpoint';

const provider = 'LibreTranslate';

export function libreTranslateProvider(endpoint: ProviderEndpoint): TranslationProvider {
  return {
    async translate(batch: TranslationBatch): Promise<string[]> {
      if (batch.texts.length === 0) return [];
      const answer = await callProvider({
        provider,
        url: endpoint.url + '/translate',
        headers: {},
        body: {
          q: batch.texts,
          source: batch.source,
          target: batch.target,
          format: 'html',
          ...(endpoint.apiKey ? { api_key: endpoint.apiKey } : {}),
        },
        limits: endpoint.limits,
        signal: batch.signal,
      });
      const translated = (answer as { translatedText?: unknown } | null)?.translatedText;
      if (!isTranslationsOf(translated, batch.texts))
        throw new AiProviderError(
          'bad-answer',
          `The ${provider} translation provider did not answer ${batch.texts.length} translated texts`,
        );
      return translated;
    },
  };
}
