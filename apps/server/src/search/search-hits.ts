/**
 * How a query runs over a MiniSearch index of pages and becomes `SearchHits`: what the index
 * of one revision and the index of an organization's spaces share.
 *
 * Ranking, in order of the options below:
 * 1. words match whole, the last one also by prefix (from 3 characters: it is the one being
 *    typed) and, from 4 characters, with one typo (a letter wrong, missing or extra; 20% of
 *    the letters, at most 1: a second edit makes a fuzzy lookup several times slower);
 *    MiniSearch weighs prefix and typo matches lower;
 * 2. every word must match in the page (AND); when no page has them all, any word (OR);
 * 3. a page holding the words in the query's order, next to each other, in its title or in
 *    one section (the phrase, also when quoted) scores `PHRASE_BOOST` times higher;
 * 4. ties go to the page id, so the order is stable.
 *
 * One entry per page rather than per section: a common word matches every page of a large
 * space, and scoring three times fewer entries is what keeps such a search fast.
 */
import type { PageHit, SearchDocument, SearchHits, SearchSection, SectionHit } from '@quire/domain';
import type MiniSearch from 'minisearch';
import type { SearchOptions, SearchResult } from 'minisearch';
import { excerptOf, startsWordAt } from './excerpt';

export const FIELDS = ['title', 'headings', 'body'] as const;
const BOOST = { title: 3, headings: 2, body: 1 };
const PHRASE_BOOST = 2;
/** Sections listed per page at most. */
const SECTIONS_PER_PAGE = 5;

/** Words of a query or a text, as MiniSearch's default tokenizer splits them. */
const NON_WORD = /[^\p{L}\p{N}]+/u;

/** What is indexed of a page. */
export interface PageEntry {
  id: number;
  title: string;
  headings: string;
  body: string;
}

export function entryOf(id: number, page: SearchDocument): PageEntry {
  return {
    id,
    title: page.title,
    headings: page.sections
      .filter((section) => !section.leading)
      .map((section) => section.title)
      .join('\n'),
    body: page.sections.map((section) => section.text).join('\n'),
  };
}

const searchOptions = (
  combineWith: 'AND' | 'OR',
  filter: ((result: SearchResult) => boolean) | undefined,
): SearchOptions => ({
  fields: [...FIELDS],
  boost: BOOST,
  // The last word is the one being typed: only it is incomplete (and prefixes of every word
  // would multiply the terms a query expands to).
  prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 3,
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  maxFuzzy: 1,
  combineWith,
  ...(filter ? { filter } : {}),
});

/** The entries matching `query` (all its words, else any), unranked; `filter` keeps some only. */
export function matchesOf(
  index: MiniSearch<PageEntry>,
  query: string,
  filter?: (result: SearchResult) => boolean,
): SearchResult[] {
  const results = index.search(query, searchOptions('AND', filter));
  // Of one word, any is all: nothing more to find.
  if (results.length > 0 || wordsOf(query).length < 2) return results;
  return index.search(query, searchOptions('OR', filter));
}

/** `results` (of one revision) ranked as hits; `pageOf` names the page of an entry id. */
export function hitsOf(
  query: string,
  results: readonly SearchResult[],
  pageOf: (id: number) => SearchDocument,
): SearchHits {
  const phrase = phraseOf(wordsOf(query));
  const byPage = new Map<string, SearchResult>();
  const ranked = results.map((result) => {
    const page = pageOf(result.id as number);
    byPage.set(page.pageId, result);
    const score = phrase && holdsPhrase(page, phrase) ? result.score * PHRASE_BOOST : result.score;
    return { pageId: page.pageId, score };
  });
  ranked.sort((a, b) => b.score - a.score || (a.pageId < b.pageId ? -1 : 1));
  return {
    ranked,
    page: (pageId) => {
      const result = byPage.get(pageId);
      if (!result) throw new Error(`page ${pageId} is not among the hits`);
      return pageHitOf(pageOf(result.id as number), result.terms);
    },
  };
}

/**
 * The page with the sections holding a word that matched (`terms`, in their heading or
 * their text), those holding the most of them first, then in the page's order. The text
 * before the first heading counts by its text alone: a match in the title is the page's.
 */
function pageHitOf(page: SearchDocument, terms: readonly string[]): PageHit {
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
