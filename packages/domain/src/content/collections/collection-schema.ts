/** The Collection resource as GitBook's API has it, and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { UrlSchema } from '../../core/schemas';
import { organizationAppUrl } from '../../organizations';
import type { CollectionPermissions } from '../../policies/content-policy';
import { CollectionPermissionsSchema } from '../../policies/permission-schemas';
import { CollectionDescriptionSchema, CollectionTitleSchema, DefaultLevelSchema } from './collection-fields';
import type { CollectionRecord } from './records';

export const CollectionSchema = z
  .object({
    object: z.literal('collection').describe('Always "collection"'),
    id: z.string().describe('Id of the collection'),
    title: CollectionTitleSchema,
    description: CollectionDescriptionSchema.optional(),
    organization: z.string().describe('Id of the organization owning the collection'),
    parent: z.string().optional().describe('Id of the parent collection (absent at the top level)'),
    defaultLevel: DefaultLevelSchema,
    urls: z
      .object({
        location: UrlSchema.describe('Location of the collection in the API'),
        app: UrlSchema.describe('Page of the collection in the app'),
      })
      .describe('Absolute URLs of the collection'),
    permissions: CollectionPermissionsSchema,
  })
  .meta({ id: 'Collection', description: 'A group of spaces and collections in an organization' });

export type Collection = z.infer<typeof CollectionSchema>;

export const collectionLocation = (urls: PublicUrls, collectionId: string): string =>
  `${urls.api}/v1/collections/${collectionId}`;

export function presentCollection(
  urls: PublicUrls,
  collection: CollectionRecord,
  permissions: CollectionPermissions,
): Collection {
  const resource: Collection = {
    object: 'collection',
    id: collection.id,
    title: collection.title,
    organization: collection.organizationId,
    defaultLevel: collection.defaultLevel,
    urls: {
      location: collectionLocation(urls, collection.id),
      app: `${organizationAppUrl(urls, collection.organizationId)}/c/${collection.id}`,
    },
    permissions,
  };
  if (collection.description !== undefined) resource.description = collection.description;
  if (collection.parentId !== undefined) resource.parent = collection.parentId;
  return resource;
}
