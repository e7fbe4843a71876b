/**
 * A user as the instance administrator sees it through `/admin`: the User resource plus
 * the fields only administration needs.
 */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema, UrlSchema } from '../core/schemas';
import type { UserRecord } from './records';

export const AdminUserSchema = z
  .object({
    object: z.literal('user').describe('Always "user"'),
    id: z.string().describe('Id of the user'),
    displayName: z.string().describe('Full name of the user'),
    email: z.string().describe('Email address of the user (lower case, unique on the instance)'),
    photoURL: z.string().optional().describe('URL of the picture of the user'),
    /** Instance administrators manage users and API tokens. */
    isInstanceAdmin: z.boolean().describe('Whether the user administers this instance'),
    createdAt: TimestampSchema.describe('When the user was created'),
    urls: z
      .object({
        /** `${api}/admin/users/{id}` */
        location: UrlSchema.describe('Location of the user in the administration API'),
      })
      .describe('Absolute URLs of the user'),
  })
  .meta({ id: 'AdminUser', description: 'A user of the instance, as its administrators see it' });

export type AdminUser = z.infer<typeof AdminUserSchema>;

export const adminUserLocation = (urls: PublicUrls, userId: string): string =>
  `${urls.api}/admin/users/${userId}`;

export function presentAdminUser(urls: PublicUrls, user: UserRecord): AdminUser {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    isInstanceAdmin: user.isInstanceAdmin,
    createdAt: user.createdAt,
    urls: { location: adminUserLocation(urls, user.id) },
  };
}
