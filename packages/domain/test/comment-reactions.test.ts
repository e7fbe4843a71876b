/** What counts as a single emoji, and reactions staying one per person and emoji. */
import { describe, expect, it } from 'vitest';
import { isSingleEmoji, reactionsAfter } from '../src/content/comments/reactions';

describe('isSingleEmoji', () => {
  it.each(['👍', '🎉', '❤️', '👍🏽', '👨‍👩‍👧', '🇫🇷', '1️⃣'])('%s is one emoji', (text) => {
    expect(isSingleEmoji(text)).toBe(true);
  });
  it.each(['', 'a', '1', 'ok', '👍👍', 'a👍', '👍 ', ':+1:'])('%j is not', (text) => {
    expect(isSingleEmoji(text)).toBe(false);
  });
});

describe('reactionsAfter', () => {
  it('adds once, removes only the caller’s own', () => {
    const start = [{ emoji: '👍', userId: 'u2', reactedAt: 't0' }];
    const added = reactionsAfter(start, 'u1', ['👍', '👍', '🎉'], [], 't1');
    expect(added).toEqual([
      { emoji: '👍', userId: 'u2', reactedAt: 't0' },
      { emoji: '👍', userId: 'u1', reactedAt: 't1' },
      { emoji: '🎉', userId: 'u1', reactedAt: 't1' },
    ]);
    expect(reactionsAfter(added, 'u1', ['👍'], [], 't2')).toEqual(added);
    expect(reactionsAfter(added, 'u1', [], ['👍', '🚀'], 't2')).toEqual([
      { emoji: '👍', userId: 'u2', reactedAt: 't0' },
      { emoji: '🎉', userId: 'u1', reactedAt: 't1' },
    ]);
  });
});
