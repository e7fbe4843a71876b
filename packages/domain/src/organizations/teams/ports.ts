import type { PageRequest, Slice } from '../../core/paging';
import type { TeamMembershipRecord, TeamRecord, TeamRole } from './records';

export interface TeamListQuery {
  /** Case-insensitive substring of the title. */
  title?: string;
  /** Only these teams (e.g. the teams a member can manage). */
  teamIds?: readonly string[];
}

/** A team a member belongs to, with the member's role in it (`GET ORG/members/{userId}/teams`). */
export interface TeamOfMember {
  team: TeamRecord;
  role: TeamRole;
}

export interface TeamRepository {
  /**
   * True when the user owns at least one team of the organization, read from the team
   * memberships themselves (for checks and tests). Request paths read the membership's
   * `ownedTeamIds` instead, which this repository keeps in step.
   */
  ownsAnyTeam(organizationId: string, userId: string): Promise<boolean>;

  insert(team: TeamRecord): Promise<void>;
  findById(organizationId: string, teamId: string): Promise<TeamRecord | null>;
  findByIds(organizationId: string, teamIds: readonly string[]): Promise<TeamRecord[]>;
  /** Teams by id in whatever organization they are (a GraphQL Team names no organization). */
  findByIdsInAnyOrganization(teamIds: readonly string[]): Promise<TeamRecord[]>;
  /** Teams in creation order. */
  list(organizationId: string, query: TeamListQuery, page: PageRequest): Promise<Slice<TeamRecord>>;
  count(organizationId: string, query: TeamListQuery): Promise<number>;
  /** Returns the updated team, or null when it does not exist. */
  updateTitle(organizationId: string, teamId: string, title: string): Promise<TeamRecord | null>;
  /**
   * Deletes the team and its memberships, and takes it off its members' `teamIds`/`ownedTeamIds`;
   * returns true when a team was deleted.
   */
  delete(organizationId: string, teamId: string): Promise<boolean>;

  findMembership(
    organizationId: string,
    teamId: string,
    userId: string,
  ): Promise<TeamMembershipRecord | null>;
  /**
   * The user's memberships in the organization's teams, restricted to `teamIds` when given:
   * one query for the caller's permissions on a page of teams.
   */
  listMembershipsOfUser(
    organizationId: string,
    userId: string,
    teamIds?: readonly string[],
  ): Promise<TeamMembershipRecord[]>;
  /** The members of a team, in the order they were added. */
  listMemberships(
    organizationId: string,
    teamId: string,
    page: PageRequest,
  ): Promise<Slice<TeamMembershipRecord>>;
  /**
   * Adds the user to the team with the role, or sets the role when they are in it already.
   * Returns true when the user was added. The team's member count and the organization
   * membership's `teamIds`/`ownedTeamIds` follow.
   */
  putMembership(membership: TeamMembershipRecord): Promise<boolean>;
  /**
   * Returns true when a membership was removed. The team's member count and the organization
   * membership's `teamIds`/`ownedTeamIds` follow.
   */
  removeMembership(organizationId: string, teamId: string, userId: string): Promise<boolean>;

  /** The teams a member belongs to with their role in each, in team creation order. */
  listTeamsOfMember(
    organizationId: string,
    userId: string,
    query: Pick<TeamListQuery, 'title'>,
    page: PageRequest,
  ): Promise<Slice<TeamOfMember>>;
  countTeamsOfMember(
    organizationId: string,
    userId: string,
    query: Pick<TeamListQuery, 'title'>,
  ): Promise<number>;
  /** Removes the user from every team of the organization (when they leave it). */
  removeMemberFromAllTeams(organizationId: string, userId: string): Promise<void>;
}
