/** Field schemas of users and tokens, shared by the domain functions and the operations' inputs. */
import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

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

/** Shortest and longest password accepted when one is set. */
export const PASSWORD_LENGTH = { min: 10, max: 256 } as const;

/**
 * A new password: 10 to 256 characters, taken as typed (no trimming), and not one of the
 * common ones (`common-passwords.ts`). The upper bound keeps hashing bounded.
 */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, `at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `at most ${PASSWORD_LENGTH.max} characters`)
  .refine((password) => !isCommonPassword(password), {
    error: 'is one of the most common passwords: choose one nobody would guess',
  })
  .describe(`Password (${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters, not a common one)`);

/**
 * A password given to sign in: any length up to the longest a password can be, so that a
 * wrong one gets the one answer every wrong password gets, whatever its length.
 */
export const SignInPasswordSchema = z
  .string()
  .min(1)
  .max(PASSWORD_LENGTH.max)
  .describe('Password of the user');
