/**
 * The links between resources, served as fields (`space { organization { title } parent
 * { title } }`) besides the root field of every operation. A relation runs the operation
 * the root field of the linked resource runs, with the linked ids as its input, so it
 * shows what that root field shows and refuses what it refuses (the field is null, with
 * the root field's error); a list relation is a connection paged like the root list.
 *
 * Where a resource already has a field of the relation's name (a Space's `organization`
 * is its organization's id), that field stays under `ownFieldAs`.
 */
import {
  type AnyOperation,
  CollectionSchema,
  OrganizationSchema,
  operations,
  SpaceSchema,
  TeamSchema,
} from '@quire/domain';
import type { z } from 'zod';
import type { Resource } from './resource';

/** What a relation may need beyond the resource itself. */
export interface RelationLookups {
  /** The organization a team belongs to (the Team resource does not name it). */
  organizationOfTeam(teamId: string): Promise<string | undefined>;
}

/** Where an input field of the operation comes from: a field of the resource, or a lookup. */
export type LinkSource =
  | string
  | ((resource: Resource, lookups: RelationLookups) => Promise<string | undefined>);

export interface Relation {
  /** The resource type that gets the field. */
  on: z.ZodObject;
  field: string;
  description: string;
  /** The operation that loads what the resource links to; a list operation makes a connection. */
  operation: AnyOperation;
  /** The operation's input fields the resource fills; when one is absent, the field is null. */
  link: Readonly<Record<string, LinkSource>>;
  /** The name the resource's own field of the relation's name keeps. */
  ownFieldAs?: string;
}

const teamOrganization: LinkSource = (team, lookups) => lookups.organizationOfTeam(String(team.id));

export const RELATIONS: readonly Relation[] = [
  {
    on: OrganizationSchema,
    field: 'spaces',
    description: 'The spaces of the organization that the caller can view',
    operation: operations.spaces.list,
    link: { organizationId: 'id' },
  },
  {
    on: OrganizationSchema,
    field: 'collections',
    description: 'The collections of the organization that the caller can view',
    operation: operations.collections.list,
    link: { organizationId: 'id' },
  },
  {
    on: OrganizationSchema,
    field: 'members',
    description: 'The members of the organization',
    operation: operations.orgs.members.list,
    link: { organizationId: 'id' },
  },
  {
    on: OrganizationSchema,
    field: 'teams',
    description: 'The teams of the organization',
    operation: operations.orgs.teams.list,
    link: { organizationId: 'id' },
  },
  {
    // Named after their REST path (`/link-invites`): `inviteLinks` is the setting that allows them.
    on: OrganizationSchema,
    field: 'linkInvites',
    description: 'The invite links of the organization',
    operation: operations.orgs.inviteLinks.list,
    link: { organizationId: 'id' },
  },
  {
    on: OrganizationSchema,
    field: 'samlProviders',
    description: 'The SAML identity providers of the organization',
    operation: operations.orgs.saml.list,
    link: { organizationId: 'id' },
  },
  {
    on: SpaceSchema,
    field: 'organization',
    description: 'The organization owning the space',
    operation: operations.orgs.get,
    link: { organizationId: 'organization' },
    ownFieldAs: 'organizationId',
  },
  {
    on: SpaceSchema,
    field: 'parent',
    description: 'The collection the space is in (null at the top level)',
    operation: operations.collections.get,
    link: { collectionId: 'parent' },
    ownFieldAs: 'parentId',
  },
  {
    on: CollectionSchema,
    field: 'organization',
    description: 'The organization owning the collection',
    operation: operations.orgs.get,
    link: { organizationId: 'organization' },
    ownFieldAs: 'organizationId',
  },
  {
    on: CollectionSchema,
    field: 'parent',
    description: 'The collection the collection is in (null at the top level)',
    operation: operations.collections.get,
    link: { collectionId: 'parent' },
    ownFieldAs: 'parentId',
  },
  {
    on: CollectionSchema,
    field: 'spaces',
    description: 'The spaces directly in the collection that the caller can view',
    operation: operations.collections.spaces.list,
    link: { collectionId: 'id' },
  },
  {
    on: TeamSchema,
    field: 'organization',
    description: 'The organization of the team',
    operation: operations.orgs.get,
    link: { organizationId: teamOrganization },
  },
  {
    on: TeamSchema,
    field: 'members',
    description: 'The members of the team, with their role in it',
    operation: operations.orgs.teams.members.list,
    link: { organizationId: teamOrganization, teamId: 'id' },
    ownFieldAs: 'memberCount',
  },
];

/** For each resource type, its own fields that a relation displaced, by the names they keep. */
export function displacedFields(relations: readonly Relation[]): Map<z.ZodType, Map<string, string>> {
  const displaced = new Map<z.ZodType, Map<string, string>>();
  for (const { on, field, ownFieldAs } of relations) {
    if (ownFieldAs) displaced.set(on, (displaced.get(on) ?? new Map()).set(field, ownFieldAs));
  }
  return displaced;
}
