/**
 * Live comments through real HTTP: viewers of a space (or of a change request) subscribe to
 * `live.comments` with tRPC's own subscription link over server-sent events, and see each
 * comment posted, edited, resolved, replied to and deleted, as themselves (their own
 * permissions on each comment), without polling. Refusals: no credential, bad input, a
 * space the viewer cannot see, access taken away while watching, too many open views.
 */
import { operations } from '@quire/domain';
import { createTRPCClient, httpSubscriptionLink, type TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveCommentEvent } from '../../src/faces/trpc/live-router';
import { MAX_LIVE_VIEWS_PER_PERSON } from '../../src/faces/trpc/live-views';
import type { AppRouter } from '../../src/faces/trpc/router';
import { createSpace, grant } from '../support/content';
import { addMember, createOrganization, createUser, type TestMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A tRPC client whose subscriptions send `token` (the `eventsource` package lets a fetch add it). */
const clientFor = (token: string | null) =>
  createTRPCClient<AppRouter>({
    links: [
      httpSubscriptionLink({
        url: `${server.url}/trpc`,
        EventSource,
        eventSourceOptions: () => ({
          fetch: (input: string | URL | Request, init?: RequestInit) =>
            fetch(input, {
              ...init,
              headers: {
                ...(init?.headers as Record<string, string>),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
            }),
        }),
      }),
    ],
  });

interface View {
  events: LiveCommentEvent[];
  started: Promise<void>;
  error: Promise<TRPCClientError<AppRouter>>;
  /** Resolves once `count` events came. */
  received(count: number): Promise<LiveCommentEvent[]>;
  stop(): void;
}

function watch(token: string | null, input: Record<string, unknown>): View {
  const events: LiveCommentEvent[] = [];
  const waiters: Array<{ count: number; resolve: (events: LiveCommentEvent[]) => void }> = [];
  let started: () => void = () => {};
  let failed: (error: TRPCClientError<AppRouter>) => void = () => {};
  const view: View = {
    events,
    started: new Promise((resolve) => {
      started = resolve;
    }),
    error: new Promise((resolve) => {
      failed = resolve;
    }),
    received: (count) =>
      events.length >= count
        ? Promise.resolve(events.slice(0, count))
        : new Promise((resolve) => waiters.push({ count, resolve })),
    stop: () => {},
  };
  const subscription = clientFor(token).live.comments.subscribe(input as never, {
    onStarted: () => started(),
    onData: (tracked) => {
      events.push(tracked.data as LiveCommentEvent);
      for (const waiter of waiters.filter((w) => events.length >= w.count))
        waiter.resolve(events.slice(0, waiter.count));
    },
    onError: (error) => failed(error as TRPCClientError<AppRouter>),
  });
  view.stop = () => subscription.unsubscribe();
  return view;
}

async function setUp() {
  const org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Handbook' });
  const [commenter, reader] = await Promise.all([
    addMember(server, org.organization.id, null),
    addMember(server, org.organization.id, null),
  ]);
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'comment', users: [commenter.user.id] });
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [reader.user.id] });
  return { org, spaceId: space.id, commenter, reader };
}

const post = (member: TestMember, path: string, body: unknown, method = 'POST') =>
  server.api(path, { method, token: member.token, body });

describe('live comments', () => {
  it('reaches every viewer as they see it: posted, edited, resolved, replied to, deleted', async () => {
    const s = await setUp();
    const base = `/v1/spaces/${s.spaceId}/comments`;
    const readerView = watch(s.reader.token, { spaceId: s.spaceId });
    const commenterView = watch(s.commenter.token, { spaceId: s.spaceId, format: 'document' });
    await Promise.all([readerView.started, commenterView.started]);

    const posted = await post(s.commenter, base, { body: { markdown: 'Is this *right*?' } });
    expect(posted.status).toBe(200);
    const commentId = posted.body.id;
    expect(
      (await post(s.commenter, `${base}/${commentId}`, { body: { markdown: 'Is this right?' } }, 'PUT'))
        .status,
    ).toBe(200);
    expect((await post(s.org.admin, `${base}/${commentId}`, { resolved: true }, 'PUT')).status).toBe(200);
    const reply = await post(s.org.admin, `${base}/${commentId}/replies`, { body: { markdown: 'Yes.' } });
    expect(reply.status).toBe(200);
    expect(
      (await server.api(`${base}/${commentId}`, { method: 'DELETE', token: s.commenter.token })).status,
    ).toBe(204);

    const seen = await readerView.received(5);
    expect(seen.map((event) => event.type)).toEqual([
      'comment.posted',
      'comment.updated',
      'comment.resolved',
      'comment_reply.posted',
      'comment.deleted',
    ]);
    expect(seen[0]).toMatchObject({
      actorId: s.commenter.user.id,
      commentId,
      comment: {
        id: commentId,
        body: { markdown: 'Is this _right_?' },
        // The reader's own permissions, not the author's.
        permissions: { view: true, edit: false, reply: false, delete: false },
      },
    });
    expect(seen[2]?.comment).toMatchObject({ status: 'resolved', resolvedBy: { id: s.org.admin.user.id } });
    expect(seen[3]).toMatchObject({ commentReplyId: reply.body.id, comment: { replies: 1 } });
    expect(seen[4]).toMatchObject({ type: 'comment.deleted', comment: null });

    const theirs = await commenterView.received(5);
    expect(theirs[0]?.comment).toMatchObject({ permissions: { edit: true, delete: true } });
    expect(theirs[0]?.comment?.body).toHaveProperty('document');
    readerView.stop();
    commenterView.stop();
  });

  it('keeps a space’s view and a change request’s view apart', async () => {
    const s = await setUp();
    const changeRequest = await server.callOperation(operations.changeRequests.create, s.org.admin, {
      spaceId: s.spaceId,
      subject: 'Proposal',
    });
    const spaceView = watch(s.reader.token, { spaceId: s.spaceId });
    const changeRequestView = watch(s.reader.token, {
      spaceId: s.spaceId,
      changeRequestId: String(changeRequest.number),
    });
    await Promise.all([spaceView.started, changeRequestView.started]);
    const inChangeRequest = await post(
      s.commenter,
      `/v1/spaces/${s.spaceId}/change-requests/${changeRequest.number}/comments`,
      { body: { markdown: 'In the proposal.' } },
    );
    const onSpace = await post(s.commenter, `/v1/spaces/${s.spaceId}/comments`, {
      body: { markdown: 'On the space.' },
    });
    expect((await changeRequestView.received(1))[0]?.commentId).toBe(inChangeRequest.body.id);
    expect((await spaceView.received(1))[0]?.commentId).toBe(onSpace.body.id);
    // One more on each side: had the first crossed over, it would be counted here.
    await post(s.commenter, `/v1/spaces/${s.spaceId}/comments`, { body: { markdown: 'Again.' } });
    await spaceView.received(2);
    expect(changeRequestView.events).toHaveLength(1);
    spaceView.stop();
    changeRequestView.stop();
  });

  it('refuses a viewer without a credential, with bad input, or who cannot see the space', async () => {
    const s = await setUp();
    const outsider = await createUser(server);
    const refusals = [
      [watch(null, { spaceId: s.spaceId }), 'UNAUTHORIZED'],
      [watch(s.reader.token, { spaceId: s.spaceId, colour: 'red' }), 'BAD_REQUEST'],
      [watch(s.reader.token, { spaceId: s.spaceId, format: 'html' }), 'BAD_REQUEST'],
      [watch(outsider.token, { spaceId: s.spaceId }), 'NOT_FOUND'],
      [watch(s.reader.token, { spaceId: 'no-such-space' }), 'NOT_FOUND'],
    ] as const;
    for (const [view, code] of refusals) {
      const error = await view.error;
      view.stop();
      expect(error.data?.code).toBe(code);
      expect(JSON.stringify(error.data ?? {})).not.toMatch(/at .*\.(ts|js)/);
    }
    const badField = await watch(s.reader.token, { spaceId: s.spaceId, colour: 'red' }).error;
    expect(badField.message).toMatch(/colour/);
  });

  it('ends the view of someone whose access was taken away, passing nothing more on', async () => {
    const s = await setUp();
    const view = watch(s.reader.token, { spaceId: s.spaceId });
    await view.started;
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: null, users: [s.reader.user.id] });
    await post(s.commenter, `/v1/spaces/${s.spaceId}/comments`, { body: { markdown: 'Secret now.' } });
    const error = await view.error;
    view.stop();
    expect(error.data?.code).toBe('NOT_FOUND');
    expect(view.events).toEqual([]);
  });

  it(`holds at most ${MAX_LIVE_VIEWS_PER_PERSON} open views per person, and counts closed ones out`, async () => {
    const s = await setUp();
    const views = Array.from({ length: MAX_LIVE_VIEWS_PER_PERSON }, () =>
      watch(s.reader.token, { spaceId: s.spaceId }),
    );
    await Promise.all(views.map((view) => view.started));
    const oneTooMany = watch(s.reader.token, { spaceId: s.spaceId });
    expect((await oneTooMany.error).data?.code).toBe('TOO_MANY_REQUESTS');
    oneTooMany.stop();
    // Someone else is not limited by it.
    const other = watch(s.commenter.token, { spaceId: s.spaceId });
    await other.started;
    other.stop();
    for (const view of views) view.stop();
    // The server counts a view closed when its connection goes: a new one gets in again.
    await expect
      .poll(async () => {
        const again = watch(s.reader.token, { spaceId: s.spaceId });
        const outcome = await Promise.race([
          again.started.then(() => 'started'),
          again.error.then(() => 'refused'),
        ]);
        again.stop();
        return outcome;
      })
      .toBe('started');
  });
});

describe('live comments when the server closes', () => {
  it('end, so the close does not wait on them', async () => {
    const own = await startTestServer();
    const org = await createOrganization(own);
    const space = await createSpace(own, org, { title: 'Closing' });
    const client = createTRPCClient<AppRouter>({
      links: [
        httpSubscriptionLink({
          url: `${own.url}/trpc`,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input: string | URL | Request, init?: RequestInit) =>
              fetch(input, {
                ...init,
                headers: {
                  ...(init?.headers as Record<string, string>),
                  authorization: `Bearer ${org.admin.token}`,
                },
              }),
          }),
        }),
      ],
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let ended = false;
    const subscription = client.live.comments.subscribe(
      { spaceId: space.id },
      { onStarted: () => started(), onComplete: () => (ended = true) },
    );
    await running;
    // Without the view ended first, the close waited on its connection (forever before views
    // ended on close, then for the client's idle timeout before they closed their connection).
    await own.close();
    subscription.unsubscribe();
    expect(ended).toBe(true);
  });
});
