import { AiProviderError, type AiProviderFailure } from '@quire/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { translationProviderFromConfig } from '../../src/translations/translation-provider-from-config';
import {
  type FakeAnswer,
  type FakeProvider,
  libreTranslateEcho,
  openAiEcho,
  type RecordedCall,
  startFakeProvider,
} from './fake-provider-server';

const apiKey = 'sk-test-0123456789abcdefSECRET';
const batches = { maxTexts: 50, maxCharacters: 20_000 };
const tuning = { timeoutMs: 5_000, maxBytes: 1024 * 1024, batches };

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function providerFor(
  kind: 'libretranslate' | 'openai',
  answer: (call: RecordedCall) => FakeAnswer,
  options: { allow?: boolean; timeoutMs?: number; maxBytes?: number } = {},
) {
  fake = await startFakeProvider(answer);
  const config = parseConfig({
    QUIRE_TRANSLATE_PROVIDER: kind,
    QUIRE_TRANSLATE_URL: fake.url,
    QUIRE_TRANSLATE_API_KEY: apiKey,
    QUIRE_TRANSLATE_MODEL: kind === 'openai' ? 'test-model' : undefined,
    QUIRE_FETCH_ALLOW_HOSTS: options.allow === false ? '' : '127.0.0.1',
  });
  return translationProviderFromConfig(config, {
    ...tuning,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  });
}

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

const request = { texts: ['Hello <b>world</b>', 'Second &amp; last'], source: 'en', target: 'fr' };

describe('LibreTranslate-compatible provider', () => {
  it('posts the texts as q with source, target, html format and the key, and reads translatedText', async () => {
    const provider = await providerFor('libretranslate', libreTranslateEcho);
    expect(await provider.translate(request)).toEqual(['[fr] Hello <b>world</b>', '[fr] Second &amp; last']);
    expect(fake?.calls).toHaveLength(1);
    const [call] = fake?.calls ?? [];
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/translate');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.body).toEqual({
      q: request.texts,
      source: 'en',
      target: 'fr',
      format: 'html',
      api_key: apiKey,
    });
  });

  it('sends no api_key when none is configured', async () => {
    fake = await startFakeProvider(libreTranslateEcho);
    const provider = translationProviderFromConfig(
      parseConfig({
        QUIRE_TRANSLATE_PROVIDER: 'libretranslate',
        QUIRE_TRANSLATE_URL: fake.url + '/',
        QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      }),
      tuning,
    );
    await provider.translate(request);
    expect(fake.calls[0]?.body).not.toHaveProperty('api_key');
    expect(fake.calls[0]?.path).toBe('/translate');
  });
});

describe('OpenAI-compatible provider', () => {
  it('posts a chat completion with the model, the bearer key and the instructions as guidance', async () => {
    const provider = await providerFor('openai', (call) =>
      openAiEcho(call, (content) => '```json\n' + content + '\n```'),
    );
    const translated = await provider.translate({ ...request, instructions: 'Use the formal "vous".' });
    expect(translated).toEqual(['[fr] Hello <b>world</b>', '[fr] Second &amp; last']);
    const [call] = fake?.calls ?? [];
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(call?.body.model).toBe('test-model');
    const [system, user] = call?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('"en"');
    expect(system?.content).toContain('"fr"');
    expect(system?.content).toContain('exactly 2 strings');
    expect(system?.content).toContain('Use the formal "vous".');
    expect(user).toEqual({ role: 'user', content: JSON.stringify(request.texts) });
    expect(JSON.stringify(call?.body)).not.toContain(apiKey);
  });

  it('gets no second /v1 when the URL has one', async () => {
    fake = await startFakeProvider((call) => openAiEcho(call));
    const provider = translationProviderFromConfig(
      parseConfig({
        QUIRE_TRANSLATE_PROVIDER: 'openai',
        QUIRE_TRANSLATE_URL: fake.url + '/v1',
        QUIRE_TRANSLATE_MODEL: 'm',
        QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      }),
      tuning,
    );
    await provider.translate(request);
    expect(fake.calls[0]?.path).toBe('/v1/chat/completions');
    expect(fake.calls[0]?.headers.authorization).toBeUndefined();
  });
});

describe.each([
  ['libretranslate', libreTranslateEcho],
  ['openai', (call: RecordedCall) => openAiEcho(call)],
] as const)('%s provider', (kind, echo) => {
  it('sends many texts in batches of at most 50 texts and 20,000 characters', async () => {
    const provider = await providerFor(kind, echo);
    const texts = Array.from({ length: 120 }, (_, index) => `Text ${index}`);
    const translated = await provider.translate({ texts, source: 'en', target: 'fr' });
    expect(translated).toEqual(texts.map((text) => `[fr] ${text}`));
    expect(fake?.calls).toHaveLength(3);
    const long = Array.from({ length: 5 }, (_, index) => `${index}`.padEnd(9_000, 'x'));
    await provider.translate({ texts: long, source: 'en', target: 'fr' });
    expect(fake?.calls).toHaveLength(6);
  });

  it('makes no call for no text', async () => {
    const provider = await providerFor(kind, echo);
    expect(await provider.translate({ texts: [], source: 'en', target: 'fr' })).toEqual([]);
    expect(fake?.calls).toHaveLength(0);
  });

  it.each<[string, FakeAnswer, AiProviderFailure]>([
    ['an error status', { status: 500, json: { error: `bad key ${apiKey}` } }, 'refused'],
    ['an unauthorized status', { status: 401, text: `invalid key ${apiKey}` }, 'refused'],
    ['a text that is not JSON', { text: 'Bonjour' }, 'bad-answer'],
    ['a JSON answer of the wrong shape', { json: { translatedText: 'one', choices: [] } }, 'bad-answer'],
    [
      'the wrong number of translations',
      { json: { translatedText: ['un'], choices: [{ message: { content: '["un"]' } }] } },
      'bad-answer',
    ],
    [
      'a model answer that is not a JSON array',
      { json: { translatedText: [1, 2], choices: [{ message: { content: 'Voici: un, deux' } }] } },
      'bad-answer',
    ],
  ])('fails on %s, with a message that never holds the key', async (_name, answer, failure) => {
    const provider = await providerFor(kind, () => answer);
    const error = await failureOf(provider.translate(request));
    expect(error.kind).toBe(failure);
    expect(error.message).not.toContain(apiKey);
    expect(JSON.stringify(error)).not.toContain(apiKey);
    expect(String(error.stack)).not.toContain(apiKey);
  });

  it('follows no redirect: the key and texts go to the configured URL only', async () => {
    const provider = await providerFor(kind, (call) =>
      call.path === '/elsewhere'
        ? echo(call)
        : { status: 307, text: '', headers: { location: '/elsewhere' } },
    );
    const error = await failureOf(provider.translate(request));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('redirect');
    expect(fake?.calls.map((call) => call.path)).not.toContain('/elsewhere');
  });

  it('fails with a timeout when the provider does not answer', async () => {
    const provider = await providerFor(kind, () => 'hang', { timeoutMs: 300 });
    const error = await failureOf(provider.translate(request));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 300 ms/);
  });

  it('fails on an answer over the size limit', async () => {
    const provider = await providerFor(kind, () => ({ text: 'x'.repeat(5000) }), { maxBytes: 1000 });
    expect((await failureOf(provider.translate(request))).kind).toBe('bad-answer');
  });

  it('refuses a private address not in QUIRE_FETCH_ALLOW_HOSTS, without connecting', async () => {
    const provider = await providerFor(kind, echo, { allow: false });
    const error = await failureOf(provider.translate(request));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('QUIRE_FETCH_ALLOW_HOSTS');
    expect(fake?.connections).toBe(0);
    expect(fake?.calls).toHaveLength(0);
  });

  it('stops at once when the caller aborts', async () => {
    const provider = await providerFor(kind, echo);
    const controller = new AbortController();
    controller.abort(new Error('run cancelled'));
    await expect(provider.translate({ ...request, signal: controller.signal })).rejects.toThrow(
      'run cancelled',
    );
    expect(fake?.calls).toHaveLength(0);
  });
});

describe('no provider configured', () => {
  it('fails every call with a message naming the variables to set', async () => {
    const provider = translationProviderFromConfig(parseConfig({}));
    const error = await failureOf(provider.translate(request));
    expect(error.kind).toBe('not-configured');
    for (const variable of [
      'QUIRE_TRANSLATE_PROVIDER',
      'QUIRE_TRANSLATE_URL',
      'QUIRE_TRANSLATE_MODEL',
      'QUIRE_TRANSLATE_API_KEY',
    ])
      expect(error.message).toContain(variable);
  });
});
