/**
 * The permission matrix of spaces made from other spaces and of site listings' embedded
 * spaces, on the three faces (`support/matrix`), with a LibreTranslate-compatible fake
 * provider on 127.0.0.1 for the translation runs.
 */
import { afterAll, beforeAll } from 'vitest';
import { runMatrix } from '../support/matrix/run-matrix';
import { type FakeProvider, startFakeProvider } from '../translations-providers/fake-provider-server';
import { derivedSpaceCases } from './derived-spaces.cases';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider((call) => ({
    json: { translatedText: (call.body.q ?? []).map((text: string) => `fr:${text}`) },
  }));
});
afterAll(() => fake?.close());

runMatrix(derivedSpaceCases, {
  env: () => ({
    QUIRE_TRANSLATE_PROVIDER: 'libretranslate',
    QUIRE_TRANSLATE_URL: fake.url,
    QUIRE_TRANSLATE_API_KEY: 'fake-provider-key-0123456789',
  }),
});
