/** What the web app sends to sign in, validated by the domain's field schemas. */
import { z } from 'zod';
import { MAX_TOKEN_LENGTH } from './api-tokens';
import { EmailSchema, SignInPasswordSchema } from './user-fields';

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
