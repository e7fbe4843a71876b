/**
 * The User resource as GitBook's API has it (`GET /v1/user`, and embedded in members,
 * comments, change requests...), and its presenter.
 */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { UrlSchema } from '../core/schemas';
import type { UserRecord } from './records';

export const UserSchema = z
  .object({
    object: z.literal('user').describe('Always "user"'),
    /** Opaque id of the user. */
    id: z.string().describe('Id of the user'),
    displayName: z.string().describe('Full name of the user'),
    /** Lower case. */
    email: z.string().optional().describe('Email address of the user'),
    photoURL: z.string().optional().describe('URL of the picture of the user'),
    urls: z
      .object({
        /** `${api}/v1/users/{id}` */
        location: UrlSchema.describe('Location of the user in the API'),
      })
      .describe('Absolute URLs of the user'),
  })
  .meta({ id: 'User', description: 'A person with an account on this instance' });

export type User = z.infer<typeof UserSchema>;

export const userLocation = (urls: PublicUrls, userId: string): string => `${urls.api}/v1/users/${userId}`;

/** The fields of a person the User resource shows (a user record, or a membership's copy). */
export type UserShown = Pick<UserRecord, 'displayName' | 'email' | 'photoURL'>;

/** The API resource of a user, as anyone who may see that user sees it. */
export function presentUser(urls: PublicUrls, user: UserRecord): User {
  return presentUserFields(urls, user.id, user);
}

/**
 * The User resource of `userId` from the fields it shows. Two object literals rather than a
 * spread of the optional picture: a page of a hundred members presents a hundred of these,
 * and a literal is one allocation of a known shape where a spread is two and a slow copy.
 */
export function presentUserFields(urls: PublicUrls, userId: string, user: UserShown): User {
  const location = userLocation(urls, userId);
  return user.photoURL
    ? {
        object: 'user',
        id: userId,
        displayName: user.displayName,
        email: user.email,
        photoURL: user.photoURL,
        urls: { location },
      }
    : { object: 'user', id: userId, displayName: user.displayName, email: user.email, urls: { location } };
}
