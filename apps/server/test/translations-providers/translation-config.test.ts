import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config';

describe('QUIRE_TRANSLATE_* configuration', () => {
  it.each([
    ['nothing set', {}, undefined],
    ['blank values', { QUIRE_TRANSLATE_PROVIDER: '', QUIRE_TRANSLATE_URL: '' }, undefined],
    [
      'LibreTranslate with a key',
      {
        QUIRE_TRANSLATE_PROVIDER: 'libretranslate',
        QUIRE_TRANSLATE_URL: 'http://translate.local:5000/',
        QUIRE_TRANSLATE_API_KEY: 'k',
      },
      { provider: 'libretranslate', url: 'http://translate.local:5000', apiKey: 'k' },
    ],
    [
      'OpenAI with a model',
      {
        QUIRE_TRANSLATE_PROVIDER: 'openai',
        QUIRE_TRANSLATE_URL: 'https://api.openai.com',
        QUIRE_TRANSLATE_MODEL: 'gpt-4o-mini',
      },
      { provider: 'openai', url: 'https://api.openai.com', model: 'gpt-4o-mini' },
    ],
  ])('%s', (_name, env, expected) => {
    expect(parseConfig(env).translation).toEqual(expected);
  });

  it.each([
    [
      'an unknown provider',
      { QUIRE_TRANSLATE_PROVIDER: 'deepl', QUIRE_TRANSLATE_URL: 'https://x.test' },
      /QUIRE_TRANSLATE_PROVIDER: must be libretranslate or openai/,
    ],
    [
      'a URL that is not http(s)',
      { QUIRE_TRANSLATE_PROVIDER: 'libretranslate', QUIRE_TRANSLATE_URL: 'ftp://x.test' },
      /QUIRE_TRANSLATE_URL: must be an http or https URL/,
    ],
    [
      'not a URL',
      { QUIRE_TRANSLATE_PROVIDER: 'libretranslate', QUIRE_TRANSLATE_URL: 'translate.local' },
      /QUIRE_TRANSLATE_URL: must be an http or https URL/,
    ],
    [
      'a provider without URL',
      { QUIRE_TRANSLATE_PROVIDER: 'libretranslate' },
      /QUIRE_TRANSLATE_URL: required with QUIRE_TRANSLATE_PROVIDER=libretranslate/,
    ],
    [
      'a URL without provider',
      { QUIRE_TRANSLATE_URL: 'https://x.test' },
      /QUIRE_TRANSLATE_PROVIDER: required with QUIRE_TRANSLATE_URL/,
    ],
    [
      'openai without a model',
      { QUIRE_TRANSLATE_PROVIDER: 'openai', QUIRE_TRANSLATE_URL: 'https://x.test' },
      /QUIRE_TRANSLATE_MODEL: required with QUIRE_TRANSLATE_PROVIDER=openai/,
    ],
  ])('stops on %s, naming the variable', (_name, env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('never repeats the API key in a configuration error', () => {
    const env = {
      QUIRE_TRANSLATE_PROVIDER: 'openai',
      QUIRE_TRANSLATE_URL: 'https://x.test',
      QUIRE_TRANSLATE_API_KEY: 'sk-SECRET-KEY',
    };
    expect(() => parseConfig(env)).toThrow(/QUIRE_TRANSLATE_MODEL/);
    expect(() => parseConfig(env)).not.toThrow(/sk-SECRET-KEY/);
  });
});
