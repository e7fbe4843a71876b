/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A search result's excerpt with the words of the query marked (`<mark>`), as GitBook's results
 * show them: case-insensitive, whole occurrences of each word of two characters or more, the
 * text otherwise as it is (React escapes it). Bounded: the first `MAX_MARKED_WORDS` words of the
 * query, each escaped into one alternation read in a single pass over the excerpt.
 */
import type { ReactNode } from 'react';

export const MAX_MARKED_WORDS = 10;

function wordsOf(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 2);
  // Longest first: "docs" is marked whole where "doc" is also asked for.
  return [...new Set(words)].slice(0, MAX_MARKED_WORDS).sort((a, b) => b.length - a.length);
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function markedExcerpt(excerpt: string, query: string): ReactNode[] {
  const words = wordsOf(query);
  if (words.length === 0) return [excerpt];
  const pattern = new RegExp(words.map(escaped).join('|'), 'giu');
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of excerpt.matchAll(pattern)) {
    if (match.index > from) parts.push(excerpt.slice(from, match.index));
    parts.push(<mark key={match.index}>{match[0]}</mark>);
    from = match.index + match[0].length;
  }
  if (from < excerpt.length) parts.push(excerpt.slice(from));
  return parts;
}
