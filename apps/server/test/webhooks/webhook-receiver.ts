/**
 * A webhook receiver on loopback for the tests: a node http server that records every POST
 * (path, headers, body) and answers as the test says per path (a status, or held until the
 * test releases it, or never). Tests await requests (`waitFor`), never a time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** How a path answers one request: a status, held until released, or never (a timeout). */
export type Answer = { status: number; body?: string } | { hold: Promise<void>; status: number } | 'never';

export interface WebhookReceiver {
  url(path: string): string;
  received: ReceivedRequest[];
  /** The answers a path gives, one per request, in order; past the last, 200. */
  answer(path: string, ...answers: Answer[]): void;
  /** Resolves once `count` requests reached `path`. */
  waitFor(path: string, count: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const answers = new Map<string, Answer[]>();
  const waiters: Array<{ path: string; count: number; resolve: (requests: ReceivedRequest[]) => void }> = [];
  const open = new Set<ServerResponse>();
  const ofPath = (path: string) => received.filter((request) => request.path === path);
  const notify = () => {
    for (const waiter of [...waiters]) {
      const requests = ofPath(waiter.path);
      if (requests.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(requests);
    }
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(path)?.shift() ?? { status: 200 };
      open.add(response);
      response.on('close', () => open.delete(response));
      const send = (status: number, body = `answered ${status}`) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(body);
      };
      notify();
      if (answer === 'never') return;
      if ('hold' in answer) void answer.hold.then(() => send(answer.status));
      else send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer(path, ...list) {
      answers.set(path, list);
    },
    waitFor(path, count) {
      return new Promise((resolve) => {
        waiters.push({ path, count, resolve });
        notify();
      });
    },
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a `Quire-Signature` header signs `body` with `secret` (the check docs/webhooks.md shows). */
export function verifiesSignature(
  header: string | string[] | undefined,
  body: string,
  secret: string,
): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = parts.t;
  const signature = parts.v1;
  if (timestamp === undefined || signature === undefined) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A promise and the function that resolves it, for holding an answer. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
