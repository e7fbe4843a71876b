/**
 * An OpenAI-compatible chat model answering a question as it writes (`POST
 * {url}/v1/chat/completions` with `stream: true`): the answer's server-sent events are
 * parsed as they arrive (eventsource-parser) and each `choices[0].delta.content` handed on.
 * A provider that answers the whole completion as JSON instead is read too. The call goes
 * through the outbound-fetch module (address rules, timeout over the whole answer, size
 * limit, no redirect: the key goes to the URL configured only); the key is a bearer token
 * and no message repeats it.
 */
import { AiProviderError, type AnswerPrompt, type AnswerProvider } from '@quire/domain';
import { createParser } from 'eventsource-parser';
import { fetchPublicUrl, type OutboundFetchLimits } from '../outbound/fetch-public-url';
import { OutboundFetchError, type OutboundFetchFailure } from '../outbound/outbound-fetch-error';

export interface AnswerEndpoint {
  /** Base URL, without a trailing slash (a `/v1` at its end is not doubled). */
  url: string;
  model: string;
  apiKey?: string | undefined;
  limits: OutboundFetchLimits;
}

const PROVIDER = 'The AI provider';

export function openAiAnswerProvider(endpoint: AnswerEndpoint): AnswerProvider {
  const completionsUrl = endpoint.url.replace(/\/v1$/, '') + '/v1/chat/completions';
  return {
    configured: true,
    stream: (prompt, signal) => streamedCompletion(completionsUrl, endpoint, prompt, signal),
  };
}

async function* streamedCompletion(
  url: string,
  endpoint: AnswerEndpoint,
  prompt: AnswerPrompt,
  signal: AbortSignal | undefined,
): AsyncIterable<string> {
  const parts: string[] = [];
  let wake: (() => void) | undefined;
  let stopped = false;
  // The asker went away: the loop below ends now, not at the provider's next part.
  const stop = () => {
    stopped = true;
    wake?.();
  };
  signal?.addEventListener('abort', stop, { once: true });
  let streamed = false;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      streamed = true;
      const delta = deltaOf(event.data);
      if (delta) parts.push(delta);
    },
  });
  const decoder = new TextDecoder();
  let ended: { failure?: unknown; bytes?: Uint8Array } | undefined;
  void fetchPublicUrl(url, endpoint.limits, {
    method: 'POST',
    headers: {
      ...(endpoint.apiKey ? { authorization: 'Bearer ' + endpoint.apiKey } : {}),
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({
      model: endpoint.model,
      stream: true,
      max_tokens: prompt.maxTokens,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
    }),
    ...(signal ? { signal } : {}),
    onPart(part) {
      // The reader stopped: throwing here ends the request (the fetch reads no further).
      if (stopped) throw new OutboundFetchError('unreachable', 'stopped');
      parser.feed(decoder.decode(part, { stream: true }));
      wake?.();
    },
  }).then(
    (fetched) => {
      ended = { bytes: fetched.bytes };
      wake?.();
    },
    (failure: unknown) => {
      ended = { failure };
      wake?.();
    },
  );
  try {
    for (;;) {
      if (stopped) return;
      const part = parts.shift();
      if (part !== undefined) {
        yield part;
        continue;
      }
      if (ended !== undefined) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    stopped = true;
    signal?.removeEventListener('abort', stop);
  }
  const outcome = ended as { failure?: unknown; bytes?: Uint8Array };
  if (outcome.failure !== undefined) throw failureOf(outcome.failure);
  if (!streamed) {
    const whole = wholeAnswerOf(outcome.bytes);
    if (whole === undefined)
      throw new AiProviderError('bad-answer', `${PROVIDER} did not answer a completion`);
    yield whole;
  }
}

/** The text a streamed chunk adds (`choices[0].delta.content`), if any. */
function deltaOf(data: string): string | undefined {
  try {
    const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown } }> };
    const content = chunk.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** A completion answered whole (`choices[0].message.content`), by a provider that does not stream. */
function wholeAnswerOf(bytes: Uint8Array | undefined): string | undefined {
  if (bytes === undefined) return undefined;
  try {
    const answer = JSON.parse(new TextDecoder().decode(bytes)) as {
      choices?: Array<{ message?: { content?: unknown } }>;
    };
    const content = answer.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

const kindOf = {
  'bad-url': 'unreachable',
  'private-address': 'unreachable',
  unreachable: 'unreachable',
  timeout: 'timeout',
  'too-large': 'bad-answer',
  'bad-status': 'refused',
} as const satisfies Record<OutboundFetchFailure, AiProviderError['kind']>;

function failureOf(error: unknown): unknown {
  if (!(error instanceof OutboundFetchError)) return error;
  const why =
    error.reason === 'private-address'
      ? 'its address is private or local (list its host in QUIRE_FETCH_ALLOW_HOSTS to allow it)'
      : error.message.replace(/^The URL/, 'it').replace(/^The file at the URL/, 'its answer');
  return new AiProviderError(kindOf[error.reason], `${PROVIDER} failed: ${why}`);
}
