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
  type OperationContext,
  operations,
  unauthenticated,
} from '@quire/domain';
import type { RequestGate } from '../request-context';
import type { SharedPlace } from './document-name';

/** A person admitted to a shared page. */
export interface Seat {
  ctx: OperationContext;
  userId: string;
  /** Shown beside their cursor and in the avatars. */
  name: string;
  readOnly: boolean;
  place: SharedPlace;
  /** The organization of the page's space (the relay's events name it). */
  organizationId: string;
  /** The revision the page's shared content starts from, and the page's markdown there. */
  base: { revision: string; markdown: string };
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
  };
}
