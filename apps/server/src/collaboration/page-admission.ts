/**
 * Who may join a shared page, and how: the person is authenticated as on every face (an API
 * token sent as the provider's token, else the browser's session cookie), charged one
 * operation, and authorized by the domain's own guards: `authorizeSpace` (live content) or
 * `authorizeChangeRequest` (inside a change request) with `view` to join at all (who cannot
 * view gets not found), and the same rule the batch edit is guarded by to write
 * (`permissions.edit` on a live space, `editContent` on an open or draft change request).
 * Anyone else who may view joins read only: they are present (their cursor shows), their
 * updates are refused. The page must be in the content's current revision.
 */
import {
  authorizeChangeRequest,
  authorizeSpace,
  changeRequestAllows,
  executeOperation,
  forbidden,
  isDomainError,
  type OperationContext,
  operations,
  unauthenticated,
} from '@quire/domain';
import type { RequestGate } from '../request-context';
import type { SharedPlace } from './document-name';

/** What the person's credential and the domain's rules give them on the page now. */
export interface SeatAccess {
  ctx: OperationContext;
  readOnly: boolean;
}

/** A person admitted to a shared page. */
export interface Seat extends SeatAccess {
  userId: string;
  /** Shown beside their cursor and in the avatars. */
  name: string;
  place: SharedPlace;
  /** The organization of the page's space (the relay's events name it). */
  organizationId: string;
  /** The revision the page's shared content starts from, and the page's markdown there. */
  base: { revision: string; markdown: string };
  /**
   * The admission run again with the credential the person joined with: their access now, or
   * null when they no longer have any (signed out, token revoked, removed from the space or
   * the organization). A socket outlives all of these; a save runs only on a fresh answer.
   */
  recheck(): Promise<SeatAccess | null>;
}

/** What the WebSocket's upgrade request and the provider's authentication message carry. */
export interface JoinRequest {
  /** The provider's token: an API token, or empty / 'session' for the browser's cookie. */
  token: string;
  cookie: string | undefined;
  /** The page's origin that opened the socket (a browser always sends it). */
  origin: string | undefined;
  /** The host the socket was opened to. */
  host: string | undefined;
  address: string;
}

/** The words the web app sends as its token: its session cookie authenticates it. */
export const SESSION_TOKEN = 'session';

const SAME_ORIGIN_HOST = /^https?:\/\/([^/]+)$/;

/**
 * A cookie authenticates a socket only when a page of this server opened it: browsers send
 * cookies with a WebSocket opened from any site, so another site's page must not ride on them.
 */
function refuseForeignOrigin(join: JoinRequest, allowedOrigins: ReadonlySet<string>): void {
  if (join.origin === undefined) return;
  if (allowedOrigins.has(join.origin)) return;
  const host = SAME_ORIGIN_HOST.exec(join.origin)?.[1];
  if (host !== undefined && host === join.host) return;
  throw forbidden('A signed-in browser may co-edit only from a page of this server');
}

export async function admitToPage(
  gate: RequestGate,
  join: JoinRequest,
  place: SharedPlace,
  allowedOrigins: ReadonlySet<string>,
): Promise<Seat> {
  const { ctx, readOnly, revision, organizationId } = await placeAccess(gate, join, place, allowedOrigins);
  const caller = ctx.caller!;
  if (revision === undefined) throw forbidden('The space has no content yet');
  const page = await executeOperation(operations.spaces.content.page.get, ctx, {
    spaceId: place.spaceId,
    pageId: place.pageId,
    revisionId: revision,
    format: 'markdown',
  });
  const user = await ctx.repos.users.findById(caller.userId);
  return {
    ctx,
    userId: caller.userId,
    name: user?.displayName ?? 'Someone',
    readOnly,
    place,
    organizationId,
    base: { revision, markdown: (page as { markdown?: string }).markdown ?? '' },
    recheck: () => recheckedAccess(gate, join, place, allowedOrigins, caller.userId),
  };
}

/** `placeAccess` again, for the same person: null once they may not view the place. */
async function recheckedAccess(
  gate: RequestGate,
  join: JoinRequest,
  place: SharedPlace,
  allowedOrigins: ReadonlySet<string>,
  userId: string,
): Promise<SeatAccess | null> {
  try {
    const { ctx, readOnly } = await placeAccess(gate, join, place, allowedOrigins);
    // A session cookie now signed in as someone else is not the person who joined.
    return ctx.caller?.userId === userId ? { ctx, readOnly } : null;
  } catch (error) {
    // Out of operations for now is no loss of access: the check fails, the seat stays.
    if (isDomainError(error) && error.code !== 'rate_limited') return null;
    throw error;
  }
}

/**
 * The person the join's credential authenticates (charged one operation), and what the
 * domain's guards let them do on the place: view (else the guards' not found), and write or
 * only watch; with the revision the place's content is at.
 */
async function placeAccess(
  gate: RequestGate,
  join: JoinRequest,
  place: SharedPlace,
  allowedOrigins: ReadonlySet<string>,
): Promise<SeatAccess & { revision: string | undefined; organizationId: string }> {
  const byToken = join.token !== '' && join.token !== SESSION_TOKEN;
  if (!byToken) refuseForeignOrigin(join, allowedOrigins);
  const access = await gate.open({
    authorization: byToken ? `Bearer ${join.token}` : undefined,
    cookie: byToken ? undefined : join.cookie,
    method: 'GET',
    csrfToken: undefined,
    address: join.address,
    onRateState: () => {},
  });
  await access.charge();
  const ctx = access.ctx;
  const caller = ctx.caller;
  if (!caller || caller.site) throw unauthenticated();
  let readOnly: boolean;
  let revision: string | undefined;
  let organizationId: string;
  if (place.kind === 'live') {
    const { space, permissions } = await authorizeSpace(ctx, place.spaceId, 'view');
    readOnly = !(permissions.edit && space.editMode === 'live');
    revision = space.revisionId;
    organizationId = space.organizationId;
  } else {
    const { space, changeRequest, person } = await authorizeChangeRequest(
      ctx,
      { spaceId: place.spaceId, changeRequestId: place.changeRequestId },
      'view',
    );
    const open = changeRequest.status === 'draft' || changeRequest.status === 'open';
    readOnly = !(open && changeRequestAllows('editContent', person));
    revision = changeRequest.revision;
    organizationId = space.organizationId;
    // The document is named by the change request's id: a number names the same one.
    if (changeRequest.id !== place.changeRequestId) throw forbidden('Name the change request by its id');
  }
  return { ctx, readOnly, revision, organizationId };
}
