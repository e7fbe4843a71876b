/**
 * What each caller of the matrix must get from a route: the REST status (the other faces
 * answer the same refusal, and 200 for any success), and whether a success must change
 * nothing (`unchanged`: a DELETE of what the caller cannot see answers 204 as for a missing
 * item). The builders state the domain's rules once; cases override single callers.
 */
import { type Role, roleAtLeast } from '@quire/domain';
import {
  ITEM_ROLE_OF,
  isMemberKind,
  ORGANIZATION_ROLE_OF,
  STATED_CALLER_KINDS,
  type StatedCallerKind,
} from './caller-kinds';

export type Expectation = number | { status: number; unchanged: true };
export type Expected = Record<StatedCallerKind, Expectation>;

/** A success that must leave the state as it was. */
export const unchanged = (status: number): Expectation => ({ status, unchanged: true });

export const statusOf = (expectation: Expectation): number =>
  typeof expectation === 'number' ? expectation : expectation.status;

/** True when the call must change nothing: every refusal, and the successes marked `unchanged`. */
export const changesNothing = (expectation: Expectation): boolean =>
  typeof expectation === 'number' ? expectation >= 400 : true;

function build(ofKind: (kind: StatedCallerKind) => Expectation): Expected {
  return Object.fromEntries(STATED_CALLER_KINDS.map((kind) => [kind, ofKind(kind)])) as Expected;
}

/**
 * What a site API token's visitor gets where a case states nothing (`MatrixCase.siteToken`):
 * an instance administrator's operation is refused (403) as for anyone who is not one; a write
 * is refused (403: `core/site-token-gate.ts` rule 1); a read finds nothing (404: the gate's
 * rule 2, or the space rules, since the token's site shows a space no case acts on).
 */
export const siteTokenDefault = (operation: { kind: 'query' | 'mutation'; access: string }): Expectation =>
  operation.access === 'instanceAdmin' || operation.kind === 'mutation' ? 403 : 404;

/** Any authenticated caller gets `ok`. */
export const anyCaller = (ok: Expectation): Expected => build((kind) => (kind === 'anonymous' ? 401 : ok));

/** Instance administrators get `ok`; everyone else 403, whatever their organization role. */
export const instanceAdminsOnly = (ok: Expectation): Expected =>
  build((kind) => (kind === 'anonymous' ? 401 : kind === 'instanceAdmin' ? ok : 403));

/**
 * By organization role: members whose role is allowed (`'guest'` for guests) get `ok`, other
 * members 403; people outside the organization 404, as for an organization that does not exist.
 */
export function byOrganizationRole(allowed: ReadonlyArray<Role | 'guest'>, ok: Expectation): Expected {
  return build((kind) => {
    if (kind === 'anonymous') return 401;
    if (!isMemberKind(kind)) return 404;
    return allowed.includes(ORGANIZATION_ROLE_OF[kind] ?? 'guest') ? ok : 403;
  });
}

/**
 * By effective role on the item: `required` or more gets `ok`; who can view the item but has
 * less, 403; who cannot view it (a guest without a grant, people outside the organization), 404.
 */
export function byItemRole(required: Role, ok: Expectation): Expected {
  return build((kind) => {
    if (kind === 'anonymous') return 401;
    if (!isMemberKind(kind)) return 404;
    const role = ITEM_ROLE_OF[kind];
    if (role === null) return 404;
    return roleAtLeast(role, required) ? ok : 403;
  });
}

/** The grant holders: a grant on content is no organization role. */
export const GRANT_HOLDERS = ['readerWithGrant', 'guestWithGrant', 'teamGrant', 'ancestorGrant'] as const;

/** The same expectation for each of `kinds`. */
export const each = (kinds: ReadonlyArray<StatedCallerKind>, expectation: Expectation): Partial<Expected> =>
  Object.fromEntries(kinds.map((kind) => [kind, expectation]));

/**
 * On a site: members whose organization role is allowed get `ok`, members with a role too
 * low 403; guests (no organization role: sites show them nothing, grants on content
 * included) and people outside the organization 404.
 */
export function bySiteRole(allowed: ReadonlyArray<Role>, ok: Expectation): Expected {
  return build((kind) => {
    if (kind === 'anonymous') return 401;
    if (!isMemberKind(kind)) return 404;
    const role = ORGANIZATION_ROLE_OF[kind];
    if (role === null) return 404;
    return allowed.includes(role) ? ok : 403;
  });
}
