/** The Team resource as GitBook's API has it, and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { TimestampSchema, UrlSchema } from '../../core/schemas';
import type { TeamPermissions } from '../../policies/team-policy';
import { organizationAppUrl, organizationLocation } from '../organization-schema';
import type { TeamRecord } from './records';
import { TeamTitleSchema } from './team-fields';

export const TeamPermissionsSchema = z
  .object({
    admin: z.boolean().describe('Whether the caller may rename the team and manage its members'),
    view: z.boolean().describe('Whether the caller may view the team and list its members'),
  })
  .meta({ id: 'TeamPermissions', description: "The caller's permissions on a team" });

export const TeamSchema = z
  .object({
    object: z.literal('team').describe('Always "team"'),
    id: z.string().describe('Id of the team'),
    title: TeamTitleSchema,
    /** Kept by the repository as memberships come and go. */
    members: z.number().int().min(0).describe('Number of members of the team'),
    /** Always 0 until spaces can grant roles to teams. */
    spaces: z.number().int().min(0).describe('Number of spaces the team has access to'),
    createdAt: TimestampSchema.describe('When the team was created'),
    permissions: TeamPermissionsSchema,
    urls: z
      .object({
        location: UrlSchema.describe('Location of the team in the API'),
        app: UrlSchema.describe('Page of the team in the app'),
      })
      .describe('Absolute URLs of the team'),
  })
  .meta({ id: 'Team', description: 'A group of members of an organization' });

export type Team = z.infer<typeof TeamSchema>;

export const teamLocation = (urls: PublicUrls, team: Pick<TeamRecord, 'organizationId' | 'id'>): string =>
  `${organizationLocation(urls, team.organizationId)}/teams/${team.id}`;

export function presentTeam(urls: PublicUrls, team: TeamRecord, permissions: TeamPermissions): Team {
  return {
    object: 'team',
    id: team.id,
    title: team.title,
    members: Math.max(0, team.memberCount),
    spaces: 0,
    createdAt: team.createdAt,
    permissions,
    urls: {
      location: teamLocation(urls, team),
      app: `${organizationAppUrl(urls, team.organizationId)}/teams/${team.id}`,
    },
  };
}
