/**
 * Translating text (a space's translations): a machine-translation service behind one port,
 * chosen by the server's configuration (a LibreTranslate-compatible API or an
 * OpenAI-compatible chat model). A port because it is network I/O to a third party; the
 * translation run decides what to send (text blocks, never code) and what to do on failure.
 */

/** One call's worth of text: the caller batches (many blocks per call, never one per sentence). */
export interface TranslationBatch {
  /** Text blocks; inline marks are kept as tags (`<b>`, `<a id="1">`, `<code id="2"></code>`) the provider keeps. */
  texts: string[];
  /** Language codes (`en`, `fr`, `pt-BR`). */
  source: string;
  target: string;
  /** The translation's guidance (tone, glossary), for the providers that read it. */
  instructions?: string;
  signal?: AbortSignal;
  /** Told after each call to the provider how many texts it translated (a run's progress). */
  onTranslated?: (count: number) => void;
}

export interface TranslationProvider {
  /** The translated texts, as many as `batch.texts` and in the same order; else a `TranslationProviderError`. */
  translate(batch: TranslationBatch): Promise<string[]>;
}

/**
 * Why a provider failed:
 * - `not-configured`: no provider is configured on this server;
 * - `unreachable`: the provider could not be reached (network, refused address);
 * - `timeout`: it did not answer in time;
 * - `refused`: it answered with an error status (bad key, unknown language, overloaded);
 * - `bad-answer`: it answered something that is not the translations asked for.
 */
export const TRANSLATION_PROVIDER_FAILURES = [
  'not-configured',
  'unreachable',
  'timeout',
  'refused',
  'bad-answer',
] as const;
export type TranslationProviderFailure = (typeof TRANSLATION_PROVIDER_FAILURES)[number];

/**
 * A provider that failed. The message is safe to show to the translation's owner and to
 * store on a run: it names the failure, never the provider's key or network internals.
 */
export class TranslationProviderError extends Error {
  override readonly name = 'TranslationProviderError';
  constructor(
    readonly kind: TranslationProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

declare module '../core/context' {
  interface AreaPorts {
    /** Machine translation of text blocks, as the server is configured. */
    translationProvider: TranslationProvider;
  }
}
