/**
 * Emoji reactions on a comment or a reply: one entry per person and emoji, so reacting twice
 * with the same emoji changes nothing, and removing a reaction one never made neither. A
 * person holds at most `MAX_REACTIONS_PER_PERSON` on one comment or reply: single emoji have
 * no end (a flag and a tag sequence is one), and every reaction is stored in the comment and
 * sent with it to everyone who reads the comments.
 */
import { z } from 'zod';
import { type User, UserSchema } from '../identity';
import type { ReactionRecord } from './records';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Every code point of an emoji sequence: pictographs, their modifiers and joiners, keycaps, flags. */
const EMOJI_PARTS = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200D|\uFE0F|\u20E3)+$/u;
/** What makes a sequence an emoji rather than a digit or a letter with a modifier. */
const EMOJI_CORE = /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|\u20E3/u;

/** Whether `text` is exactly one emoji (one grapheme cluster made of emoji code points). */
export function isSingleEmoji(text: string): boolean {
  if (text.length === 0 || text.length > 32) return false;
  if ([...graphemes.segment(text)].length !== 1) return false;
  return EMOJI_PARTS.test(text) && EMOJI_CORE.test(text);
}

export const ReactionEmojiSchema = z
  .string()
  .refine(isSingleEmoji, { message: 'must be a single emoji' })
  .meta({ examples: ['👍'] })
  .describe('One emoji');

/**
 * The reactions one person may hold on one comment or reply: as many as one update may add.
 * Past it an emoji is not added (as one added twice is not), until they take one back.
 */
export const MAX_REACTIONS_PER_PERSON = 20;

export const ReactionListSchema = z.array(ReactionEmojiSchema).max(MAX_REACTIONS_PER_PERSON);

/**
 * One person's change to the reactions of a comment or a reply. Stores apply it as single
 * conditional writes (a push when that person has not reacted with that emoji, a pull), never
 * as a read-modify-write of the whole list, so people reacting at once never lose a reaction.
 */
export interface ReactionChange {
  userId: string;
  /**
   * Emoji to add, each once per person: adding one already there changes nothing, nor does
   * adding one past the person's `MAX_REACTIONS_PER_PERSON` (checked by the write itself, so
   * that updates sent at once cannot pass it together).
   */
  added: readonly string[];
  /** Emoji to take back (after the additions): removing one never made changes nothing. */
  removed: readonly string[];
  /** When the added reactions were made. */
  at: string;
}

export const EmojiReactionSchema = z.object({
  emoji: z.string().describe('The emoji'),
  count: z.number().int().min(1).describe('How many people reacted with it'),
  users: z
    .array(z.object({ user: UserSchema, reactedAt: z.string().describe('When they reacted') }))
    .describe('Who reacted with it, first first'),
});
export type EmojiReaction = z.infer<typeof EmojiReactionSchema>;

/** The reactions grouped by emoji, in the order each emoji was first used. */
export function presentReactions(
  reactions: readonly ReactionRecord[],
  userOf: (userId: string) => User,
): EmojiReaction[] {
  const byEmoji = new Map<string, EmojiReaction>();
  for (const reaction of reactions) {
    const group = byEmoji.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, users: [] };
    group.count += 1;
    group.users.push({ user: userOf(reaction.userId), reactedAt: reaction.reactedAt });
    byEmoji.set(reaction.emoji, group);
  }
  return [...byEmoji.values()];
}
