/** Field schemas of users and tokens, shared by the domain functions and the operations' inputs. */
import { z } from 'zod';

/** 1 to 64 characters, surrounding spaces removed (GitBook's limit on display names). */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('Full name of the user (1 to 64 characters)');

/**
 * An email address, stored lower case: two spellings of one address are one user. The
 * HTML5 pattern (what browsers accept) rather than zod's default, so that addresses without
 * a dot in the domain, such as the bootstrap administrator's admin@localhost, are valid.
 */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: z.regexes.html5Email }).max(254))
  .describe('Email address of the user; unique on the instance');

/** A label for a token, 1 to 64 characters. */
export const TokenNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('Label of the token (1 to 64 characters)');
