/**
 * An OpenAI-compatible chat provider on 127.0.0.1 that streams (server-sent events of
 * `choices[0].delta.content`, then `[DONE]`), recording every request's JSON body. What it
 * answers is the test's: parts of text, a status with a body, or nothing at all (held open
 * until the test releases it, or the server gives up).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCall {
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    max_tokens?: number;
    messages?: { role: string; content: string }[];
  };
}

export type ChatAnswer =
  | { parts: string[] }
  | { status: number; text: string }
  /** The first parts, then the connection held open until `release`. */
  | { parts: string[]; hold: true }
  | 'hang';

export interface FakeChatProvider {
  url: string;
  calls: ChatCall[];
  answer: (call: ChatCall) => ChatAnswer;
  /** Ends every held answer with `[DONE]`. */
  release(): void;
  /** Held answers whose request is still open (one the server abandoned is not). */
  open(): number;
  close(): Promise<void>;
}

/**
 * The settings of a server that answers through `fake` (its model `answerer-1`, the loopback
 * address allowed): spread into `startTestServer`'s environment, beside any of the test's own.
 */
export const fakeProviderEnv = (fake: Pick<FakeChatProvider, 'url'>): Record<string, string> => ({
  QUIRE_AI_URL: fake.url,
  QUIRE_AI_MODEL: 'answerer-1',
  QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
});

export async function startFakeChatProvider(): Promise<FakeChatProvider> {
  const held: ServerResponse[] = [];
  const fake = {
    calls: [] as ChatCall[],
    answer: (): ChatAnswer => ({ parts: ['Nothing to say.'] }),
  } as unknown as FakeChatProvider;
  const server = createServer((request, response) => {
    const received: Buffer[] = [];
    request.on('data', (part: Buffer) => received.push(part));
    request.on('end', () => {
      const call: ChatCall = {
        headers: request.headers,
        body: JSON.parse(Buffer.concat(received).toString('utf8')) as ChatCall['body'],
      };
      fake.calls.push(call);
      const answer = fake.answer(call);
      if (answer === 'hang') return;
      if ('status' in answer) {
        response.statusCode = answer.status;
        response.end(answer.text);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const part of answer.parts)
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: part } }] })}\n\n`);
      if ('hold' in answer) {
        held.push(response);
        response.once('close', () => held.includes(response) && held.splice(held.indexOf(response), 1));
      } else response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.open = () => held.length;
  fake.release = () => {
    for (const response of held.splice(0)) response.end('data: [DONE]\n\n');
  };
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** The data of each event of a server-sent event stream, parsed; `error` events as `{event: 'error', data}`. */
export function eventsOf(text: string): Array<{ event?: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = JSON.parse(
        lines
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length))
          .join('\n'),
      ) as unknown;
      return event === undefined ? { data } : { event, data };
    });
}

/**
 * Reads a streamed answer's body until its text holds `expected` (the event of a held answer
 * has arrived), failing if the stream ends first; the text read so far.
 */
export async function readUntil(
  body: ReadableStreamDefaultReader<Uint8Array>,
  expected: string,
): Promise<string> {
  let text = '';
  while (!text.includes(expected)) {
    const part = await body.read();
    if (part.done) throw new Error('the answer ended before the provider did');
    text += new TextDecoder().decode(part.value);
  }
  return text;
}
