/**
 * The repositories as one GraphQL request sees them: the point reads that operations run
 * side by side in one tick (fifty `collections.get` for the `parent` of fifty spaces) are
 * gathered by DataLoader into one read of each kind, so the operations stay the only way
 * to a resource (permissions included) without costing a read per item. Writes and every
 * other read go straight to the repository. Nothing is cached: a read asked for after a
 * write sees the write.
 */
import type {
  CollectionRecord,
  ContentGrantRepository,
  ContentTarget,
  GrantOnTarget,
  MemberRecord,
  OrganizationRecord,
  Repositories,
  SpaceRecord,
} from '@quire/domain';
import DataLoader from 'dataloader';

/**
 * The repository with some reads replaced. Repositories are classes with private fields,
 * so every other method is called on the repository itself (a spread would drop them).
 */
function withReads<Repository extends object>(
  repository: Repository,
  reads: Partial<Repository>,
): Repository {
  // Each method bound once per request, not once per call.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(repository, {
    get(target, key) {
      if (Object.hasOwn(reads, key)) return reads[key as keyof Repository];
      const known = bound.get(key);
      if (known !== undefined) return known;
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      const method = value.bind(target);
      bound.set(key, method);
      return method;
    },
  });
}

const gathered = { cache: false } as const;

/**
 * Records asked for by id, read with one `findByIds` per tick; a missing one is null. A tick
 * that asks for one id (a request reading one organization) reads it with `findById`: the
 * same record, by the store's point read rather than a query of one.
 */
function byIdReader<Found extends { id: string }>(
  findById: (id: string) => Promise<Found | null>,
  findByIds: (ids: readonly string[]) => Promise<Found[]>,
) {
  return new DataLoader<string, Found | null>(async (ids) => {
    const unique = [...new Set(ids)];
    if (unique.length === 1) {
      const record = await findById(unique[0]!);
      return ids.map(() => record);
    }
    const found = new Map((await findByIds(unique)).map((record) => [record.id, record]));
    return ids.map((id) => found.get(id) ?? null);
  }, gathered);
}

/** The found records of some ids, as `findByIds` answers (missing ones left out, each once). */
async function foundAmong<Found>(reader: DataLoader<string, Found | null>, ids: readonly string[]) {
  const records = await Promise.all([...new Set(ids)].map((id) => reader.load(id)));
  return records.flatMap((record) => (record === null ? [] : [record]));
}

interface MembershipKey {
  organizationId: string;
  userId: string;
}

/**
 * Memberships asked for one at a time or per user, read with one `findForUser` per user and
 * tick; one membership alone in its tick with `find`, the store's point read.
 */
function membershipReader(repos: Repositories) {
  return new DataLoader<MembershipKey, MemberRecord | null>(async (keys) => {
    const first = keys[0]!;
    if (keys.every((key) => key.userId === first.userId && key.organizationId === first.organizationId)) {
      const member = await repos.members.find(first.organizationId, first.userId);
      return keys.map(() => member);
    }
    const organizationsOf = new Map<string, Set<string>>();
    for (const { userId, organizationId } of keys) {
      organizationsOf.set(userId, (organizationsOf.get(userId) ?? new Set()).add(organizationId));
    }
    const found = new Map<string, Map<string, MemberRecord>>();
    await Promise.all(
      [...organizationsOf].map(async ([userId, organizationIds]) => {
        const members = await repos.members.findForUser(userId, [...organizationIds]);
        found.set(userId, new Map(members.map((member) => [member.organizationId, member])));
      }),
    );
    return keys.map(({ userId, organizationId }) => found.get(userId)?.get(organizationId) ?? null);
  }, gathered);
}

interface GrantQuery {
  organizationId: string;
  targets: ReadonlyArray<ContentTarget>;
  userId: string;
  teamIds: readonly string[];
}

const principalsOf = (query: GrantQuery): string =>
  JSON.stringify([query.organizationId, query.userId, [...query.teamIds].sort()]);
const targetOf = (target: ContentTarget): string => JSON.stringify([target.kind, target.id]);

/**
 * Grants asked for by many operations for the same person (and teams) in one organization:
 * one `findForPrincipals` of all their targets, each query keeping the grants on its own.
 */
function grantReader(repos: Repositories) {
  return new DataLoader<GrantQuery, GrantOnTarget[]>(async (queries) => {
    const groups = new Map<string, GrantQuery[]>();
    for (const query of queries) {
      const principals = principalsOf(query);
      groups.set(principals, [...(groups.get(principals) ?? []), query]);
    }
    const grantsOf = new Map<GrantQuery, GrantOnTarget[]>();
    await Promise.all(
      [...groups.values()].map(async (group) => {
        const { organizationId, userId, teamIds } = group[0]!;
        const targets = new Map(
          group.flatMap((query) => query.targets.map((t) => [targetOf(t), t] as const)),
        );
        const grants = await repos.contentGrants.findForPrincipals(
          organizationId,
          [...targets.values()],
          userId,
          teamIds,
        );
        for (const query of group) {
          const own = new Set(query.targets.map(targetOf));
          grantsOf.set(
            query,
            grants.filter((grant) => own.has(targetOf(grant.target))),
          );
        }
      }),
    );
    return queries.map((query) => grantsOf.get(query) ?? []);
  }, gathered);
}

type Gathered = 'organizations' | 'spaces' | 'collections' | 'members' | 'contentGrants';

/** The repositories whose reads are gathered, each built on its first use in a request. */
const GATHERING: { [K in Gathered]: (repos: Repositories) => Repositories[K] } = {
  organizations: (repos) => {
    const organizations = byIdReader<OrganizationRecord>(
      (id) => repos.organizations.findById(id),
      (ids) => repos.organizations.findByIds(ids),
    );
    return withReads(repos.organizations, { findById: (id) => organizations.load(id) });
  },
  spaces: (repos) => {
    const spaces = byIdReader<SpaceRecord>(
      (id) => repos.spaces.findById(id),
      (ids) => repos.spaces.findByIds(ids),
    );
    return withReads(repos.spaces, { findById: (id) => spaces.load(id) });
  },
  collections: (repos) => {
    const collections = byIdReader<CollectionRecord>(
      (id) => repos.collections.findById(id),
      (ids) => repos.collections.findByIds(ids),
    );
    return withReads(repos.collections, {
      findById: (id) => collections.load(id),
      findByIds: (ids) => foundAmong(collections, ids),
    });
  },
  members: (repos) => {
    const memberships = membershipReader(repos);
    return withReads(repos.members, {
      find: (organizationId, userId) => memberships.load({ organizationId, userId }),
      findForUser: async (userId, organizationIds) =>
        (
          await Promise.all(
            [...new Set(organizationIds)].map((organizationId) =>
              memberships.load({ organizationId, userId }),
            ),
          )
        ).filter((member) => member !== null),
    });
  },
  contentGrants: (repos) => {
    const grants = grantReader(repos);
    return withReads<ContentGrantRepository>(repos.contentGrants, {
      findForPrincipals: (organizationId, targets, userId, teamIds) =>
        grants.load({ organizationId, targets, userId, teamIds }),
    });
  },
};

/**
 * The prototype of one request's repositories, per set of repositories (tests run several
 * servers in a process): a getter per gathered repository builds it on first use and keeps
 * it on the request's object; every other repository is read through to the set itself. A
 * request that reads one organization so builds one loader, not five, and copies nothing.
 */
const prototypes = new WeakMap<Repositories, object>();

function prototypeFor(repos: Repositories): object {
  let prototype = prototypes.get(repos);
  if (prototype) return prototype;
  prototype = Object.create(repos) as object;
  for (const key of Object.keys(GATHERING) as Gathered[]) {
    Object.defineProperty(prototype, key, {
      get(this: Repositories) {
        const repository = GATHERING[key](repos);
        Object.defineProperty(this, key, { value: repository, enumerable: true, writable: true });
        return repository;
      },
    });
  }
  prototypes.set(repos, prototype);
  return prototype;
}

export function batchedRepositories(repos: Repositories): Repositories {
  return Object.create(prototypeFor(repos)) as Repositories;
}
