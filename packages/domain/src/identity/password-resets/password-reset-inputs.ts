/** What the web app sends to ask for a reset link, and to use one. */
import { z } from 'zod';
import { EmailSchema, PasswordSchema } from '../user-fields';

export const ForgotPasswordInputSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordInput = z.output<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z.strictObject({
  /** The last segment of the link's URL. */
  token: z.string().min(1).max(128).describe("The reset link's token: the last segment of its URL"),
  password: PasswordSchema,
});
export type ResetPasswordInput = z.output<typeof ResetPasswordInputSchema>;
