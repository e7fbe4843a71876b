import { z } from 'zod';
import type { DomainServices } from '../core/context';
import { conflict } from '../core/errors';
import { fieldIssuesOf, validationError } from '../core/execute';
import type { UserRecord } from './records';
import { DisplayNameSchema, EmailSchema } from './user-fields';

export const CreateUserInputSchema = z.strictObject({
  /** Full name shown to other people. */
  displayName: DisplayNameSchema,
  /** Lower-cased; unique on the instance. */
  email: EmailSchema,
  /** Whether the user administers the instance (users and tokens); default false. */
  isInstanceAdmin: z
    .boolean()
    .optional()
    .describe('Whether the user administers the instance (default false)'),
});

export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

/**
 * Creates a user. Used by the `/admin` API, the command line, bootstrap, joining through an
 * invite link and test factories, so it validates its input itself. A taken email is a
 * Conflict (checked first for a clear message; the unique index decides under races). A
 * `passwordHash` (`Passwords.hash`) is written with the user, in the same insert, so a user
 * made to sign in with a password never exists without it.
 */
export async function createUser(
  services: DomainServices,
  input: CreateUserInput,
  credentials: { passwordHash?: string } = {},
): Promise<UserRecord> {
  const parsed = CreateUserInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldIssuesOf(parsed.error));
  const { displayName, email, isInstanceAdmin = false } = parsed.data;
  if (await services.repos.users.findByEmail(email))
    throw conflict(`A user with the email ${email} already exists`);
  const user: UserRecord = {
    id: services.ids.newId(),
    displayName,
    email,
    isInstanceAdmin,
    createdAt: services.clock.now().toISOString(),
  };
  await services.repos.users.insert(user, credentials.passwordHash);
  return user;
}
