/** Field schemas of collections, shared by the operations' inputs and outputs. */
import { z } from 'zod';
import { IdSchema, ROLES } from '../../core/schemas';

/** 1 to 50 characters, surrounding spaces removed (GitBook's limit is 50). */
export const CollectionTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .describe('Title of the collection (1 to 50 characters)');

/** At most 100 characters (GitBook's limit). */
export const CollectionDescriptionSchema = z
  .string()
  .max(100)
  .describe('Description of the collection (at most 100 characters)');

/**
 * The level members get on a space or collection: a role, null (nothing beyond explicit
 * grants), or 'inherit' (the parent collection's, else the organization role). Shared with
 * the spaces area: one schema, one GraphQL enum.
 */
export const DefaultLevelSchema = z
  .enum([...ROLES, 'inherit'])
  // The name goes on the enum itself (not the nullable wrapper): the GraphQL enum takes it.
  .meta({
    id: 'DefaultLevel',
    description: "A role, 'inherit' (from the parent collection or the organization), or null (grants only)",
  })
  .nullable();

/** The `collectionId` path parameter. */
export const CollectionIdParam = IdSchema.describe('Id of the collection');

/** The `organizationId` path parameter of the organization's collection operations. */
export const CollectionOrganizationIdParam = IdSchema.describe('Id of the organization');
