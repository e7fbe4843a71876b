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
  /** The translated texts, as many as `batch.texts` and in the same order; else an `AiProviderError`. */
  translate(batch: TranslationBatch): Promise<string[]>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Machine translation of text blocks, as the server is configured. */
    translationProvider: TranslationProvider;
  }
}
