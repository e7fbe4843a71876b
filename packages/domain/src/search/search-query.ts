/** The `query` parameter of the searches: text, never an operator. */
import { z } from 'zod';

/** At least one letter or digit: a query of punctuation or spaces only finds nothing meaningful. */
const HAS_WORD = /[\p{L}\p{N}]/u;

export const SearchQueryParam = z
  .string()
  .min(1)
  .max(512)
  .refine((query) => HAS_WORD.test(query), { message: 'must contain a letter or a digit' })
  .describe('Text to search for (a quoted "phrase" ranks exact matches higher)');
