/**
 * The server's AI provider for questions, from its configuration (`QUIRE_AI_*`): an
 * OpenAI-compatible chat model reached through the outbound-fetch module (public addresses
 * unless in `QUIRE_FETCH_ALLOW_HOSTS`), at most `QUIRE_AI_MAX_ANSWERS_IN_FLIGHT` answers at
 * once (`answers-in-flight.ts`), or, with none configured, a provider that says so.
 */
import type { AnswerProvider } from '@quire/domain';
import type { Config } from '../config';
import { answersInFlight } from './answers-in-flight';
import { openAiAnswerProvider } from './openai-answer-provider';

/** Most bytes of one streamed answer (its events carry JSON around each token). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

const unconfigured: AnswerProvider = {
  configured: false,
  // biome-ignore lint/correctness/useYield: a provider that is not there answers nothing
  async *stream() {
    return;
  },
};

export function answerProviderFromConfig(config: Pick<Config, 'ai' | 'fetchAllowHosts'>): AnswerProvider {
  if (config.ai === undefined) return unconfigured;
  const provider = openAiAnswerProvider({
    url: config.ai.url,
    model: config.ai.model,
    apiKey: config.ai.apiKey,
    limits: {
      timeoutMs: config.ai.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      allowHosts: config.fetchAllowHosts,
    },
  });
  return answersInFlight(provider, {
    maxInFlight: config.ai.maxAnswersInFlight,
    answerDeadlineMs: config.ai.timeoutMs,
  });
}
