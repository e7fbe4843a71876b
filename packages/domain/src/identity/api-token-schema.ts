/**
 * API tokens as resources: `ApiToken` never carries the secret; `IssuedApiToken` is the
 * answer to issuing one, the only time the secret is shown.
 */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema, UrlSchema } from '../core/schemas';
import { adminUserLocation } from './admin-user-schema';
import type { ApiTokenRecord } from './records';

const apiTokenShape = {
  object: z.literal('api-token').describe('Always "api-token"'),
  id: z.string().describe('Id of the token (not the secret)'),
  /** Id of the user the token authenticates as. */
  user: z.string().describe('Id of the user the token authenticates as'),
  name: z.string().describe('Label given when the token was issued'),
  /** The first characters of the secret, to tell tokens apart. */
  preview: z.string().describe('First characters of the token, to recognise it'),
  createdAt: TimestampSchema.describe('When the token was issued'),
  /** Updated at most once a minute. */
  lastUsedAt: TimestampSchema.optional().describe('When the token was last used (to the minute)'),
  /** Set once the token is revoked; a revoked token authenticates no request. */
  revokedAt: TimestampSchema.optional().describe('When the token was revoked'),
  urls: z
    .object({
      location: UrlSchema.describe('Location of the token in the administration API'),
    })
    .describe('Absolute URLs of the token'),
};

export const ApiTokenSchema = z
  .object(apiTokenShape)
  .meta({ id: 'ApiToken', description: 'An API token of a user (its secret is never shown again)' });

export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const IssuedApiTokenSchema = z
  .object({
    ...apiTokenShape,
    /** The secret, shown this once: only its hash is stored. */
    token: z.string().describe('The token to send as "Authorization: Bearer <token>"; it is shown only once'),
  })
  .meta({ id: 'IssuedApiToken', description: 'A newly issued API token, with its secret shown this once' });

export type IssuedApiToken = z.infer<typeof IssuedApiTokenSchema>;

export const apiTokenLocation = (urls: PublicUrls, token: ApiTokenRecord): string =>
  `${adminUserLocation(urls, token.userId)}/tokens/${token.id}`;

export function presentApiToken(urls: PublicUrls, token: ApiTokenRecord): ApiToken {
  return {
    object: 'api-token',
    id: token.id,
    user: token.userId,
    name: token.name,
    preview: token.preview,
    createdAt: token.createdAt,
    ...(token.lastUsedAt ? { lastUsedAt: token.lastUsedAt } : {}),
    ...(token.revokedAt ? { revokedAt: token.revokedAt } : {}),
    urls: { location: apiTokenLocation(urls, token) },
  };
}

export function presentIssuedApiToken(urls: PublicUrls, issued: { token: string; record: ApiTokenRecord }) {
  return { ...presentApiToken(urls, issued.record), token: issued.token } satisfies IssuedApiToken;
}
