/** The Space resource as GitBook's API has it, and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { TimestampSchema, UrlSchema } from '../../core/schemas';
import { organizationAppUrl } from '../../organizations';
import type { SpacePermissions } from '../../policies/content-policy';
import { SpacePermissionsSchema } from '../../policies/permission-schemas';
import type { SpaceRecord } from './records';
import { ContentVisibilitySchema, DefaultLevelSchema, SpaceEditModeSchema } from './space-fields';
import { GitSyncStateSchema } from './space-git-sync';

export const SpaceSchema = z
  .object({
    object: z.literal('space').describe('Always "space"'),
    id: z.string().describe('Id of the space'),
    title: z.string().describe('Title of the space'),
    /** Empty when the space has none (GitBook's document requires the field). */
    emoji: z.string().describe('Emoji of the space; empty when it has none'),
    visibility: ContentVisibilitySchema,
    createdAt: TimestampSchema.describe('When the space was created'),
    updatedAt: TimestampSchema.describe('When the settings of the space last changed'),
    /** Only on a deleted space (seen by its admins, who may restore it within 7 days). */
    deletedAt: TimestampSchema.optional().describe('When the space was deleted'),
    editMode: SpaceEditModeSchema,
    urls: z
      .object({
        /** `${api}/v1/spaces/{id}` */
        location: UrlSchema.describe('Location of the space in the API'),
        app: UrlSchema.describe('Page of the space in the app'),
        /** Comes with published sites. */
        published: UrlSchema.optional().describe('Published URL (not private spaces)'),
        public: UrlSchema.optional().describe('Public URL (public spaces)'),
        icon: UrlSchema.optional().describe('URL of the icon of the space'),
      })
      .describe('Absolute URLs of the space'),
    organization: z.string().describe('Id of the organization owning the space'),
    parent: z.string().optional().describe('Id of the parent collection (absent at the top level)'),
    /** Only where the space is synchronized with a Git repository, and only from `spaces.get`. */
    gitSync: GitSyncStateSchema.optional(),
    language: z.string().optional().describe('Language of the content'),
    /** Empty until the content area creates the space's first revision. */
    revision: z.string().describe('Id of the active revision'),
    defaultLevel: DefaultLevelSchema,
    // The four counters are kept on the record by `$inc` as comments and change requests
    // are written (those areas do it), so a Space never counts anything when presented.
    comments: z.number().int().min(0).describe('Number of open comments'),
    changeRequests: z.number().int().min(0).describe('Number of change requests'),
    changeRequestsOpen: z.number().int().min(0).describe('Number of open change requests'),
    changeRequestsDraft: z.number().int().min(0).describe('Number of draft change requests'),
    permissions: SpacePermissionsSchema,
  })
  .meta({ id: 'Space', description: 'A unit of content: pages and files, with its settings' });

export type Space = z.infer<typeof SpaceSchema>;

export const spaceLocation = (urls: PublicUrls, spaceId: string): string =>
  `${urls.api}/v1/spaces/${spaceId}`;

/** The API resource of a space, with the permissions of the caller it is shown to. */
export function presentSpace(urls: PublicUrls, space: SpaceRecord, permissions: SpacePermissions): Space {
  const resource: Space = {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    editMode: space.editMode,
    urls: {
      location: spaceLocation(urls, space.id),
      app: `${organizationAppUrl(urls, space.organizationId)}/s/${space.id}`,
    },
    organization: space.organizationId,
    // A space made before content existed: its first revision, unwritten (`unwrittenFirstRevision`).
    revision: space.revisionId ?? space.id,
    defaultLevel: space.defaultLevel,
    comments: Math.max(0, space.counters.comments),
    changeRequests: Math.max(0, space.counters.changeRequests),
    changeRequestsOpen: Math.max(0, space.counters.changeRequestsOpen),
    changeRequestsDraft: Math.max(0, space.counters.changeRequestsDraft),
    permissions: { ...permissions },
  };
  if (space.deletedAt !== undefined) resource.deletedAt = space.deletedAt;
  if (space.parentId !== undefined) resource.parent = space.parentId;
  if (space.language !== undefined) resource.language = space.language;
  return resource;
}
