/**
 * Translating pages: every text of the pages (title, description, then the body's text
 * blocks: `translatableMarkdown`) in one request to the provider, which batches it (many
 * blocks a call, never one call per sentence). Code, URLs and markup are never sent; the
 * bodies come back with the same structure, only text replaced.
 */
import {
  plainTextFromTranslation,
  plainTextToTranslate,
  type TranslatableMarkdown,
  translatableMarkdown,
} from '@quire/documents';
import { type BodyObject, contentAddressOf, loadBodies, type StoredPage } from '../content';
import { AiProviderError } from '../core/ai-provider-error';
import type { DomainServices } from '../core/context';
import type { UntrustedMarkdown } from '../core/ports/untrusted-markdown';
import type { TranslationProvider } from './translation-provider';
import { wordsIn } from './translation-words';

/** A page's translated fields, its body by address (stored with `bodies`). */
export interface TranslatedPage {
  title: string;
  description?: string;
  body: string;
}

export interface TranslatedPages {
  pages: Map<string, TranslatedPage>;
  /** The translated bodies, by address, to store with the revision. */
  bodies: Map<string, BodyObject>;
  /** How many texts were sent, and their words (in the source language). */
  texts: number;
  words: number;
}

export interface PageTranslationRequest {
  pages: readonly StoredPage[];
  source: string;
  target: string;
  instructions?: string;
  signal?: AbortSignal;
  /** Told the texts translated so far, of `total`. */
  onProgress?: (done: number, total: number) => void;
}

export async function translatePages(
  services: Pick<DomainServices, 'repos'> & {
    translationProvider: TranslationProvider;
    untrustedMarkdown: UntrustedMarkdown;
  },
  request: PageTranslationRequest,
): Promise<TranslatedPages> {
  const markdownOf = await loadBodies(
    services,
    request.pages.map((page) => page.body),
  );
  const plans = request.pages.map((page) => planOf(page, markdownOf.get(page.body) as string));
  const texts = plans.flatMap((plan) => plan.texts);
  let done = 0;
  request.onProgress?.(0, texts.length);
  // Asked even with nothing to send: a server with no provider fails every run, saying how
  // to configure one, rather than make an empty translation (providers make no call for none).
  const translated = await services.translationProvider.translate({
    texts,
    source: request.source,
    target: request.target,
    ...(request.instructions ? { instructions: request.instructions } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    onTranslated: (count) => {
      done += count;
      request.onProgress?.(done, texts.length);
    },
  });
  const pages = new Map<string, TranslatedPage>();
  const bodies = new Map<string, BodyObject>();
  let at = 0;
  for (const plan of plans) {
    const own = translated.slice(at, at + plan.texts.length);
    at += plan.texts.length;
    const page = plan.rebuild(own);
    // The provider's words are text from outside: the rebuilt page is read within the
    // markdown budget before it is stored, as an edit's body is.
    const reading = await services.untrustedMarkdown.read(page.markdown);
    if (!reading.ok)
      throw new AiProviderError(
        'bad-answer',
        `the translation of the page "${page.title}" cannot be stored: ${reading.reason}`,
      );
    const body: BodyObject = { kind: 'body', markdown: reading.markdown };
    const address = contentAddressOf(body);
    bodies.set(address, body);
    pages.set(plan.id, {
      title: page.title,
      ...(page.description !== undefined ? { description: page.description } : {}),
      body: address,
    });
  }
  return { pages, bodies, texts: texts.length, words: wordsIn(texts, request.source) };
}

interface PagePlan {
  id: string;
  texts: string[];
  rebuild(translated: readonly string[]): { title: string; description?: string; markdown: string };
}

/** A page's texts in the order sent: title, description (when it has one), body blocks. */
function planOf(page: StoredPage, markdown: string): PagePlan {
  const body: TranslatableMarkdown = translatableMarkdown(markdown);
  const heading = [page.title, ...(page.description ? [page.description] : [])];
  const sendable = heading.map((text) => (/\p{L}/u.test(text) ? plainTextToTranslate(text) : null));
  return {
    id: page.id,
    texts: [...sendable.filter((text): text is string => text !== null), ...body.texts],
    rebuild(translated) {
      let at = 0;
      // A title or description with no letter (`404`, an emoji) is kept as it is, not sent.
      const [title, description] = heading.map((text, index) =>
        sendable[index] === null ? text : plainTextFromTranslation(translated[at++] as string) || text,
      );
      return {
        title: title as string,
        ...(description !== undefined ? { description } : {}),
        markdown: body.rebuild(translated.slice(at)),
      };
    },
  };
}
