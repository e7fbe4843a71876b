/** The fields of a space that requests carry, with GitBook's limits. */
import { z } from 'zod';

/** GitBook's `SpaceTitle`: at most 50 characters. */
export const SPACE_TITLE_MAX = 50;

export const SpaceTitleSchema = z
  .string()
  .max(SPACE_TITLE_MAX)
  .describe('Title of the space (at most 50 characters)');

/** An emoji (a character, or its code point in hex as GitBook sends it): at most 50 characters. */
export const EmojiSchema = z
  .string()
  .min(1)
  .max(50)
  .describe('Emoji of the space (a character or its code point)');

export const SPACE_EDIT_MODES = ['live', 'locked'] as const;

export const SpaceEditModeSchema = z.enum(SPACE_EDIT_MODES).meta({
  id: 'SpaceEditMode',
  description: 'live: members with edit access change the content directly; locked: every edit is refused',
});

/** A language code such as 'en' or 'pt-BR' (GitBook lists none; a BCP 47-like shape is accepted). */
export const LanguageSchema = z
  .string()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'a language code such as "en" or "pt-BR"')
  .max(35)
  .describe('Language of the content, a code such as "en"');

export const SPACE_VISIBILITIES = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
] as const;

export const ContentVisibilitySchema = z.enum(SPACE_VISIBILITIES).meta({
  id: 'ContentVisibility',
  description:
    'public: anyone, indexed by search engines; unlisted: anyone, not indexed; share-link: anyone with the secret link; visitor-auth: visitors authenticated by a JWT; in-collection: whoever can access the parent collection; private: authorized members',
});

/** Shared with collections: one schema, one GraphQL enum. */
export { DefaultLevelSchema } from '../collections/collection-fields';
