/** What the repositories store for teams and their memberships. */

/** The role of a person within a team: owners manage the team's members. */
export type TeamRole = 'owner' | 'member';

export interface TeamRecord {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
  /** Number of members, kept by `$inc` as memberships come and go, so lists need not count. */
  memberCount: number;
}

export interface TeamMembershipRecord {
  organizationId: string;
  teamId: string;
  userId: string;
  role: TeamRole;
  addedAt: string;
}
