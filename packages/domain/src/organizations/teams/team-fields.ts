/** Field schemas of teams, shared by the operations' inputs and outputs. */
import { z } from 'zod';

/** 1 to 64 characters, surrounding spaces removed (GitBook's limit on team titles). */
export const TeamTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('Title of the team (1 to 64 characters)');

export const TEAM_ROLES = ['owner', 'member'] as const;

export const TeamRoleSchema = z.enum(TEAM_ROLES).meta({
  id: 'TeamMemberRole',
  description: 'owner: manages the members of the team; member: belongs to the team',
});
