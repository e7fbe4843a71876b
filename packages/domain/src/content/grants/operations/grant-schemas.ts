/** The items of the permissions lists of spaces and collections, and the grant inputs. */
import { z } from 'zod';
import { RoleSchema } from '../../../core/schemas';
import { UserSchema } from '../../../identity';
import { TeamSchema } from '../../../organizations';

export const UserContentPermissionSchema = z
  .object({
    /** The role granted (the MemberRole enum itself, so every face names it so). */
    permission: RoleSchema,
    user: UserSchema,
  })
  .meta({ id: 'UserContentPermission', description: 'A role granted to a user on a space or a collection' });

export const TeamContentPermissionSchema = z
  .object({
    /** The role granted. */
    permission: RoleSchema,
    team: TeamSchema,
  })
  .meta({ id: 'TeamContentPermission', description: 'A role granted to a team on a space or a collection' });

/**
 * The role of a grant; null revokes it (a grant only ever adds to the default level, so
 * "no role" means "no grant").
 */
export const GrantRoleSchema = RoleSchema.nullable().describe('Role to grant; null removes the grant');

/** Lists of principals in one invitation. */
const MAX_PRINCIPALS = 100;

export const PrincipalIdsSchema = (what: 'user' | 'team') =>
  z
    .array(z.string().min(1).max(128))
    .min(1)
    .max(MAX_PRINCIPALS)
    .describe(`Ids of the ${what}s to grant the role to (1 to ${MAX_PRINCIPALS})`);
