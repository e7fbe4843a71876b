/**
 * Which columns of GitBook's cards hold text (a card's title and description) and which a
 * URL (its target, its cover, files, content-refs): search indexes and translations send the
 * first, link reports list the second.
 */
import type { GitbookCards } from './gitbook-html';

export type CardsColumnRole = 'text' | 'target' | 'cover';

export function cardsColumnRole(attributes: Readonly<Record<string, string>>): CardsColumnRole {
  if ('data-card-cover' in attributes || 'data-card-cover-dark' in attributes) return 'cover';
  const type = attributes['data-type'] ?? '';
  if (type === 'files' || type === 'image') return 'cover';
  if ('data-card-target' in attributes || type === 'content-ref') return 'target';
  return 'text';
}

/** The indexes of the cards' text columns, in order. */
export function cardsTextColumns(cards: GitbookCards): number[] {
  return cards.columns.flatMap((column, index) =>
    cardsColumnRole(column.attributes) === 'text' ? [index] : [],
  );
}
