/** What counts as a single emoji (reactions staying one per person and emoji: the repositories' tests). */
import { describe, expect, it } from 'vitest';
import { isSingleEmoji } from '../src/comments/reactions';

describe('isSingleEmoji', () => {
  it.each(['👍', '🎉', '❤️', '👍🏽', '👨‍👩‍👧', '🇫🇷', '1️⃣'])('%s is one emoji', (text) => {
    expect(isSingleEmoji(text)).toBe(true);
  });
  it.each(['', 'a', '1', 'ok', '👍👍', 'a👍', '👍 ', ':+1:'])('%j is not', (text) => {
    expect(isSingleEmoji(text)).toBe(false);
  });
});
