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

/** The API resource of a user, as anyone who may see that user sees it. */
export function presentUser(urls: PublicUrls, user: UserRecord): User {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: userLocation(urls, user.id) },
  };
}
