/** What the repositories store for organizations and their members. */
import type { RoleOrGuest } from '../core/schemas';

export const ORGANIZATION_TYPES = ['business', 'community'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ORGANIZATION_USE_CASES = [
  'internalDocs',
  'docsSite',
  'audienceControlledSite',
  'productDocs',
  'teamKnowledgeBase',
  'designSystem',
  'openSourceDocs',
  'notes',
  'other',
] as const;
export type OrganizationUseCase = (typeof ORGANIZATION_USE_CASES)[number];

export const ORGANIZATION_COMMUNITY_TYPES = ['nonProfit', 'openSource', 'education'] as const;
export type OrganizationCommunityType = (typeof ORGANIZATION_COMMUNITY_TYPES)[number];

export interface OrganizationRecord {
  id: string;
  title: string;
  createdAt: string;
  /** Lower case, without duplicates. */
  emailDomains: string[];
  /** Default hostname of the organization's public content; unique across the instance. */
  hostname?: string;
  type: OrganizationType;
  useCase?: OrganizationUseCase;
  communityType?: OrganizationCommunityType;
  /** Role given to people who join through the organization's email domains or invite links. */
  defaultRole: RoleOrGuest;
  defaultContent?: { type: 'site'; site: string };
  /** URL of the organization's logo (`urls.logo` of the resource). */
  logo?: string;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: string;
  /** Number of members, kept by `$inc` so lists need not count. */
  memberCount: number;
  /**
   * Number of admins, kept by `$inc`. Demoting or removing an admin first takes one off
   * this counter on the condition that it stays at least 1 (an atomic compare), which is
   * how "the last admin cannot leave" holds under concurrent requests without transactions.
   */
  adminCount: number;
}

export interface MemberRecord {
  organizationId: string;
  userId: string;
  /** null for a guest. */
  role: RoleOrGuest;
  disabled: boolean;
  sso: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  /**
   * Copy of the user's fields that the User resource shows, so members can be searched,
   * sorted and presented without a join. Whatever changes a user must call
   * `MemberRepository.updateUserCopies` (`users.update` does).
   */
  user: { displayName: string; email: string; photoURL?: string };
  /**
   * Ids of the organization's teams this member belongs to, kept by the team repository with
   * `$addToSet`/`$pull` on every team membership change, so counts and permissions need no
   * join. Readers take it as the truth; a crash between writes can leave at worst an extra id
   * of a team the member has just left or that was just deleted (see the team repository).
   */
  teamIds: string[];
  /** Those of `teamIds` where the member's team role is 'owner'. */
  ownedTeamIds: string[];
}
