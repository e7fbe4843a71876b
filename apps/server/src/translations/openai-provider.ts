/**
 * An OpenAI-compatible chat-completions API (OpenAI, and the servers that speak its API:
 * vLLM, Ollama, LiteLLM...): `POST {url}/v1/chat/completions` with the model, a system
 * message saying what to do (translate, keep the tags, answer a JSON array of as many
 * strings) followed by the translation's `instructions` as guidance, and the texts as a JSON
 * array in the user message. The key goes in `Authorization: Bearer`. The answer must be a
 * JSON array of strings of the right length (a fenced ```json block is accepted: models
 * add one), else it is a `bad-answer`.
 */
import { AiProviderError, type TranslationBatch, type TranslationProvider } from '@quire/domain';
import { callProvider } from './provider-call';
import { isTranslationsOf, type ProviderEndpoint } from './provider-endpoint';

const provider = 'OpenAI-compatible';

export function openAiProvider(endpoint: ProviderEndpoint & { model: string }): TranslationProvider {
  // A base URL given with its `/v1` (as OpenAI's own documentation writes it) gets no second one.
  const completionsUrl = endpoint.url.replace(/\/v1$/, '') + '/v1/chat/completions';
  return {
    async translate(batch: TranslationBatch): Promise<string[]> {
      if (batch.texts.length === 0) return [];
      const answer = await callProvider({
        provider,
        url: completionsUrl,
        headers: endpoint.apiKey ? { authorization: 'Bearer ' + endpoint.apiKey } : {},
        body: {
          model: endpoint.model,
          messages: [
            { role: 'system', content: systemMessage(batch) },
            { role: 'user', content: JSON.stringify(batch.texts) },
          ],
        },
        limits: endpoint.limits,
        signal: batch.signal,
      });
      const translated = translationsOf(contentOf(answer));
      if (!isTranslationsOf(translated, batch.texts))
        throw new AiProviderError(
          'bad-answer',
          `The ${provider} translation provider did not answer a JSON array of ${batch.texts.length} strings`,
        );
      return translated;
    },
  };
}

function systemMessage(batch: TranslationBatch): string {
  const lines = [
    `Translate each text of the JSON array the user sends from the language "${batch.source}" to the language "${batch.target}".`,
    `Answer with a JSON array of exactly ${batch.texts.length} strings, the translations in the same order, and nothing else.`,
    'Each text is an HTML fragment: keep every tag (<b>, <i>, <s>, <a id="...">, <code id="..."></code>, <x id="..."></x>, <br>) and its id exactly, moving it with the words it marks; translate only the words; keep entities such as &amp; and &lt; escaped.',
  ];
  const guidance = batch.instructions?.trim();
  if (guidance)
    lines.push('Guidance from the owner of this translation (follow it for tone and terms):', guidance);
  return lines.join('\n');
}

function contentOf(answer: unknown): unknown {
  const choices = (answer as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices)) return undefined;
  return (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
}

function translationsOf(content: unknown): unknown {
  if (typeof content !== 'string') return undefined;
  const unfenced = content.trim().replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/, '$1');
  try {
    return JSON.parse(unfenced) as unknown;
  } catch {
    return undefined;
  }
}
