/**
 * The reader's search results mark the query's words in each excerpt: case-insensitive, every
 * occurrence, longest word first, the text around them escaped as any text is; a query of
 * nothing to mark leaves the excerpt as it is; the words marked are bounded.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MAX_MARKED_WORDS, markedExcerpt } from '../src/search-excerpt';

const html = (excerpt: string, query: string) => renderToStaticMarkup(<p>{markedExcerpt(excerpt, query)}</p>);

describe('a search result excerpt', () => {
  it('marks every occurrence of each word of the query, whatever its case', () => {
    expect(html('A Change request gathers changes for review.', 'change REVIEW')).toBe(
      '<p>A <mark>Change</mark> request gathers <mark>change</mark>s for <mark>review</mark>.</p>',
    );
  });

  it('marks the longest word where a shorter one is also asked for', () => {
    expect(html('Read the docs.', 'doc docs')).toBe('<p>Read the <mark>docs</mark>.</p>');
  });

  it('escapes the text and the query: markup and patterns stay text', () => {
    expect(html('<b>1+1</b> (a.b)', '1+1 (a.b) <b>')).toBe(
      '<p><mark>&lt;b&gt;</mark><mark>1+1</mark>&lt;/b&gt; <mark>(a.b)</mark></p>',
    );
  });

  it('leaves an excerpt as it is when the query has no word of two characters', () => {
    expect(html('a b c', 'a  b')).toBe('<p>a b c</p>');
    expect(html('nothing here', 'absent')).toBe('<p>nothing here</p>');
  });

  it('marks at most the first words of a long query', () => {
    const words = Array.from({ length: MAX_MARKED_WORDS + 5 }, (_, n) => `w${String(n).padStart(2, '0')}`);
    const marked = html(words.join(' '), words.join(' ')).match(/<mark>/g) ?? [];
    expect(marked).toHaveLength(MAX_MARKED_WORDS);
  });
});
