/**
 * The full-text index of one revision (MiniSearch): one indexed entry per page, with three
 * fields weighted title > headings > body. A page's sections are found again, for the pages
 * a response shows only, by the words that matched.
 *
 * Ranking, in order of the options below:
 * 1. words match whole, the last one also by prefix (from 3 characters: it is the one being
 *    typed) and, from 4 characters, with one typo (a letter wrong, missing or extra; 20% of
 *    the letters, at most 1: a second edit makes a fuzzy lookup several times slower, and an
 *    organization search runs one per space); MiniSearch weighs prefix and typo matches lower;
 * 2. every word must match in the page (AND); when no page has them all, any word (OR);
 * 3. a page holding the words in the query's order, next to each other, in its title or in
 *    one section (the phrase, also when quoted) scores `PHRASE_BOOST` times higher;
 * 4. ties go to the page id, so the order is stable.
 *
 * One entry per page rather than per section: a common word matches every page of a large
 * space, and scoring three times fewer entries is what keeps such a search fast.
 */
import type { PageHit, SearchDocument, SearchHits, SearchSection, SectionHit } from '@quire/domain';
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import { excerptOf, startsWordAt } from './excerpt';

const FIELDS = ['title', 'headings', 'body'] as const;
const BOOST = { title: 3, headings: 2, body: 1 };
const PHRASE_BOOST = 2;
/** Sections listed per page at most. */
const SECTIONS_PER_PAGE = 5;

/** Words of a query or a text, as MiniSearch's default tokenizer splits them. */
const NON_WORD = /[^\p{L}\p{N}]+/u;

interface Entry {
  id: number;
  title: string;
  headings: string;
  body: string;
}

const searchOptions = (combineWith: 'AND' | 'OR'): SearchOptions => ({
  fields: [...FIELDS],
  boost: BOOST,
  // The last word is the one being typed: only it is incomplete (and prefixes of every word
  // would multiply the terms a query expands to).
  prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 3,
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  maxFuzzy: 1,
  combineWith,
});

export class RevisionIndex {
  private constructor(
    private readonly search: MiniSearch<Entry>,
    private readonly pages: readonly SearchDocument[],
    /** Sections indexed: the weight of this index in the cache. */
    readonly size: number,
  ) {}

  /** Indexes `documents`, yielding to the event loop between chunks (a large space takes a while). */
  static async build(documents: readonly SearchDocument[]): Promise<RevisionIndex> {
    const search = new MiniSearch<Entry>({ fields: [...FIELDS], storeFields: [] });
    let sections = 0;
    await search.addAllAsync(
      documents.map((page, id) => {
        sections += page.sections.length;
        return {
          id,
          title: page.title,
          headings: page.sections
            .filter((section) => !section.leading)
            .map((section) => section.title)
            .join('\n'),
          body: page.sections.map((section) => section.text).join('\n'),
        };
      }),
      { chunkSize: 500 },
    );
    return new RevisionIndex(search, documents, sections);
  }

  /** The pages matching `query`, best first; a page's sections and excerpts when asked for. */
  find(query: string): SearchHits {
    const words = wordsOf(query);
    let results = this.search.search(query, searchOptions('AND'));
    // Of one word, any is all: nothing more to find (an organization search asks every space).
    if (results.length === 0 && words.length > 1) results = this.search.search(query, searchOptions('OR'));
    const phrase = phraseOf(words);
    const byPage = new Map<string, SearchResult>();
    for (const result of results) {
      const page = this.pages[result.id as number]!;
      if (phrase && holdsPhrase(page, phrase)) result.score *= PHRASE_BOOST;
      byPage.set(page.pageId, result);
    }
    const ranked = results
      .map((result) => ({ pageId: this.pages[result.id as number]!.pageId, score: result.score }))
      .sort((a, b) => b.score - a.score || (a.pageId < b.pageId ? -1 : 1));
    return {
      ranked,
      page: (pageId) => {
        const result = byPage.get(pageId);
        if (!result) throw new Error(`page ${pageId} is not among the hits`);
        return this.pageHit(result);
      },
    };
  }

  /**
   * The page of `result` with the sections holding a word that matched (in their heading or
   * their text), those holding the most of them first, then in the page's order. The text
   * before the first heading counts by its text alone: a match in the title is the page's.
   */
  private pageHit(result: SearchResult): PageHit {
    const page = this.pages[result.id as number]!;
    const terms = result.terms;
    const sections = page.sections
      .map((section, order) => ({ section, order, matched: matchedTerms(section, terms) }))
      .filter(({ matched }) => matched > 0)
      .sort((a, b) => b.matched - a.matched || a.order - b.order)
      .slice(0, SECTIONS_PER_PAGE)
      .map(
        ({ section }): SectionHit => ({
          id: section.id,
          title: section.title,
          path: section.path,
          excerpt: excerptOf(section.text, terms),
        }),
      );
    return { pageId: page.pageId, title: page.title, path: page.path, sections };
  }
}

/** How many of `terms` start a word of the section's heading or text. */
function matchedTerms(section: SearchSection, terms: readonly string[]): number {
  const text = section.text.toLowerCase();
  const heading = section.leading ? '' : section.title.toLowerCase();
  return terms.filter((term) => holdsWord(text, term) || holdsWord(heading, term)).length;
}

function holdsWord(lower: string, term: string): boolean {
  for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1))
    if (startsWordAt(lower, at)) return true;
  return false;
}

function holdsPhrase(page: SearchDocument, phrase: RegExp): boolean {
  return (
    phrase.test(page.title) ||
    page.sections.some(
      (section) => phrase.test(section.text) || (!section.leading && phrase.test(section.title)),
    )
  );
}

/** The words of a query, lowercase. */
function wordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(NON_WORD)
    .filter((word) => word !== '');
}

/**
 * The query's words in order with only non-word characters between them, anywhere in a
 * text; undefined for a single word (nothing more than its match to reward).
 */
function phraseOf(words: readonly string[]): RegExp | undefined {
  if (words.length < 2) return undefined;
  // Words hold letters and digits only: nothing in them is special to a regular expression.
  return new RegExp(words.join('[^\\p{L}\\p{N}]+'), 'iu');
}
