/**
 * The bound on answers asked of the AI provider at once, whoever asks
 * (`QUIRE_AI_MAX_ANSWERS_IN_FLIGHT`, `src/ask/answers-in-flight.ts`), through real HTTP
 * against the loopback provider: past it a 503 with `Retry-After` on every face, the provider
 * not called; a slot is given back when its answer ends or its reader goes away.
 */
import { AiProviderError, type AnswerProvider } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answersInFlight } from '../../src/ask/answers-in-flight';
import { createSpace } from '../support/content';
import { expectError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  eventsOf,
  type FakeChatProvider,
  fakeProviderEnv,
  readUntil,
  startFakeChatProvider,
} from './fake-chat-provider';

let fake: FakeChatProvider;
let server: TestServer;
let org: TestOrganization;
let askers: TestMember[];

beforeAll(async () => {
  fake = await startFakeChatProvider();
  server = await startTestServer({
    ...fakeProviderEnv(fake),
    QUIRE_AI_MAX_ANSWERS_IN_FLIGHT: '2',
    QUIRE_AI_ANSWERS_IN_FLIGHT_PER_ASKER: '1',
  });
  org = await createOrganization(server);
  askers = await Promise.all([1, 2, 3].map(() => addMember(server, org.organization.id, 'read')));
  const guide = await createSpace(server, org, { title: 'Guide' });
  const written = await server.api(`/v1/spaces/${guide.id}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: {
      changes: [
        {
          operation: 'insert_page',
          title: 'Launch',
          document: { markdown: 'Run the countdown from the pad.' },
        },
      ],
    },
  });
  expect(written.status).toBe(200);
});
afterAll(async () => {
  fake.release();
  await server.close();
  await fake.close();
});

const orgPath = () => `/v1/orgs/${org.organization.id}`;
const askOrg = (asker: TestMember) =>
  server.api(`${orgPath()}/ask`, { method: 'POST', token: asker.token, body: { query: 'countdown' } });

/** Long enough to be sent as an event of its own before the answer ends. */
const HELD_PART = `${'After the countdown, from the pad. '.repeat(8)}[1]`;

/** A streamed question whose first event has arrived: the provider holds the rest of its answer. */
async function heldAnswer(asker: TestMember, signal?: AbortSignal) {
  const response = await fetch(`${server.url}${orgPath()}/ask/stream?query=countdown`, {
    headers: { authorization: `Bearer ${asker.token}`, accept: 'text/event-stream' },
    ...(signal ? { signal } : {}),
  });
  expect(response.status).toBe(200);
  const body = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = await readUntil(body, 'countdown');
  return {
    async rest() {
      for (let part = await body.read(); !part.done; part = await body.read())
        text += new TextDecoder().decode(part.value);
      return eventsOf(text);
    },
  };
}

describe('answers in flight', () => {
  it('refuses a question past the bound with 503 and Retry-After on every face, the provider not called, until an answer ends', async () => {
    fake.answer = () => ({ parts: [HELD_PART], hold: true });
    const first = await heldAnswer(askers[0]!);
    const second = await heldAnswer(askers[1]!);
    const called = fake.calls.length;

    const refused = await askOrg(askers[2]!);
    expectError(refused, 503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error.message).toMatch(
      /already waiting for 2 answers.*QUIRE_AI_MAX_ANSWERS_IN_FLIGHT/,
    );
    const route = findRoute('POST /v1/orgs/:organizationId/ask');
    if (!route) throw new Error('no route for ask');
    const faces = await callFaces(server, {
      route,
      input: { organizationId: org.organization.id, query: 'countdown' },
      token: askers[2]!.token,
    });
    expect(faces.trpc.status).toBe(503);
    expect(faces.graphql.status).toBe(503);
    expect(fake.calls.length).toBe(called);

    fake.release();
    expect((await first.rest()).at(-1)?.event).toBeUndefined();
    expect((await second.rest()).at(-1)?.event).toBeUndefined();
    fake.answer = () => ({ parts: ['From the pad [1].'] });
    expect((await askOrg(askers[2]!)).status).toBe(200);
    expect(fake.calls.length).toBe(called + 1);
  });

  it('gives a slot back when its reader goes away before the answer ends', async () => {
    fake.answer = () => ({ parts: [HELD_PART], hold: true });
    const leaving = new AbortController();
    await heldAnswer(askers[0]!, leaving.signal);
    const staying = await heldAnswer(askers[1]!);
    expectError(await askOrg(askers[2]!), 503);

    const heldBefore = fake.open();
    leaving.abort();
    fake.answer = () => ({ parts: ['From the pad [1].'] });
    // The server hears of the reader's leaving at its next read of the socket: ask until then.
    let answered = await askOrg(askers[2]!);
    for (let attempt = 0; answered.status === 503 && attempt < 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answered = await askOrg(askers[2]!);
    }
    expect(answered.status).toBe(200);
    // The leaving reader's request to the provider was abandoned with it, not left to its deadline.
    for (let attempt = 0; fake.open() === heldBefore && attempt < 200; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(fake.open()).toBe(heldBefore - 1);
    fake.release();
    await staying.rest();
  });
});

describe("one asker's answers in flight", () => {
  it('refuses an asker a second question while their first is answered (429, the provider not called), not the others', async () => {
    fake.answer = () => ({ parts: [HELD_PART], hold: true });
    const held = await heldAnswer(askers[0]!);
    const called = fake.calls.length;
    const refused = await askOrg(askers[0]!);
    expectError(refused, 429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error.message).toMatch(
      /already has as many questions being answered as allowed at once/,
    );
    expect(fake.calls.length).toBe(called);

    fake.answer = () => ({ parts: ['From the pad [1].'] });
    expect((await askOrg(askers[1]!)).status).toBe(200);
    fake.release();
    await held.rest();
    expect((await askOrg(askers[0]!)).status).toBe(200);
    expect(fake.calls.length).toBe(called + 2);
  });
});

describe('a slot never given back', () => {
  it('is taken back once no answer could still be running (the deadline and a margin)', async () => {
    vi.useFakeTimers();
    try {
      const silent: AnswerProvider = {
        configured: true,
        async *stream() {
          await new Promise(() => {});
        },
      };
      const bounded = answersInFlight(silent, { maxInFlight: 1, answerDeadlineMs: 60_000 });
      // Read once, then let go: neither read to its end nor stopped.
      void bounded.stream({ system: '', user: '', maxTokens: 1 })[Symbol.asyncIterator]().next();
      const refused = bounded.stream({ system: '', user: '', maxTokens: 1 })[Symbol.asyncIterator]().next();
      await expect(refused).rejects.toThrow(AiProviderError);
      await vi.advanceTimersByTimeAsync(60_000);
      await expect(
        bounded.stream({ system: '', user: '', maxTokens: 1 })[Symbol.asyncIterator]().next(),
      ).rejects.toMatchObject({ kind: 'busy' });
      await vi.advanceTimersByTimeAsync(5_000);
      const taken = bounded.stream({ system: '', user: '', maxTokens: 1 })[Symbol.asyncIterator]().next();
      const outcome = await Promise.race([
        taken.then(
          () => 'answered',
          () => 'refused',
        ),
        Promise.resolve('waiting'),
      ]);
      expect(outcome).toBe('waiting');
    } finally {
      vi.useRealTimers();
    }
  });
});
