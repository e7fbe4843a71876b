import { z } from 'zod';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { setUserPassword } from '../passwords';
import { PasswordSchema } from '../user-fields';

/**
 * `POST /admin/users/{userId}/password`: sets a user's password, with which they sign in to
 * the web app. Every session of theirs is revoked (whoever knew the old password is signed
 * out); their API tokens stay. Outcomes: 204; 404 'User not found'; 400 for a password
 * shorter than 10 or longer than 256 characters.
 */
export const setPasswordAsAdmin = operation({
  name: 'admin.users.setPassword',
  kind: 'mutation',
  summary: "Set a user's password and sign them out of every browser (instance administrators)",
  access: 'instanceAdmin',
  input: z.strictObject({ userId: IdSchema.describe('Id of the user'), password: PasswordSchema }),
  output: z.null(),
  async run(ctx, input) {
    await setUserPassword(ctx, input);
    return null;
  },
});
