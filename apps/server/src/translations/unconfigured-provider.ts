import { AiProviderError, type TranslationProvider } from '@quire/domain';

/** What an administrator sets to give the server a provider; the message of every failed call without one. */
export const NOT_CONFIGURED_MESSAGE =
  'No translation provider is configured on this server: set QUIRE_TRANSLATE_PROVIDER (libretranslate or openai) ' +
  'and QUIRE_TRANSLATE_URL, plus QUIRE_TRANSLATE_MODEL for openai and QUIRE_TRANSLATE_API_KEY when the provider ' +
  'needs a key (and QUIRE_FETCH_ALLOW_HOSTS for a provider on the local network)';

/** The provider of a server without one: every call fails, saying how to configure one. */
export const unconfiguredTranslationProvider: TranslationProvider = {
  translate: async () => {
    throw new AiProviderError('not-configured', NOT_CONFIGURED_MESSAGE);
  },
};
