/** The `permissions` objects of the Space and Collection resources. */
import { z } from 'zod';

export const SpacePermissionsSchema = z
  .object({
    view: z.boolean().describe('Whether the caller may view the space'),
    access: z.boolean().describe('Whether the caller may open the space in the app'),
    admin: z.boolean().describe('Whether the caller may administer the space and its permissions'),
    viewInviteLinks: z.boolean().describe('Whether the caller may see the invite links of the space'),
    edit: z.boolean().describe('Whether the caller may edit the content'),
    triggerGitSync: z.boolean().describe('Whether the caller may start a Git synchronization'),
    comment: z.boolean().describe('Whether the caller may comment'),
    merge: z.boolean().describe('Whether the caller may merge change requests'),
    review: z.boolean().describe('Whether the caller may review change requests'),
    installIntegration: z.boolean().describe('Whether the caller may install integrations on the space'),
  })
  .meta({ id: 'SpacePermissions', description: "The caller's permissions on a space" });

export const CollectionPermissionsSchema = z
  .object({
    view: z.boolean().describe('Whether the caller may view the collection'),
    admin: z.boolean().describe('Whether the caller may change the collection and its permissions'),
    viewInviteLinks: z.boolean().describe('Whether the caller may see the invite links of the collection'),
    create: z.boolean().describe('Whether the caller may create spaces and collections in the collection'),
  })
  .meta({ id: 'CollectionPermissions', description: "The caller's permissions on a collection" });
