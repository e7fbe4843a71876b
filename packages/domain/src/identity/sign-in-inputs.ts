/** What the web app sends to sign in, validated by the domain's field schemas. */
import { z } from 'zod';
import { MAX_TOKEN_LENGTH } from './api-tokens';
import { EmailSchema, PasswordSchema, SignInPasswordSchema } from './user-fields';

export const SignInInputSchema = z.strictObject({
  email: EmailSchema,
  password: SignInPasswordSchema,
});

export const SignInWithTokenInputSchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(MAX_TOKEN_LENGTH)
    .describe('An API token of the user (`quire_...`), as sent in "Authorization: Bearer"'),
});

/** A signed-in person's new password, given with the one they have (`session.changePassword`). */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: SignInPasswordSchema.describe('The password the account has now'),
  password: PasswordSchema,
});
