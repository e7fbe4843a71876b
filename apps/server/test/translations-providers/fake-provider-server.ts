/**
 * A translation provider over real HTTP on 127.0.0.1, answering what the test's handler
 * says and recording every call (path, headers, JSON body) and every connection.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: RecordedBody;
}

/** The JSON a provider receives: the fields of either API, as the tests read them. */
export interface RecordedBody {
  q?: string[];
  source?: string;
  target?: string;
  model?: string;
  messages?: { role: string; content: string }[];
  [field: string]: unknown;
}

/** A JSON answer, a raw text answer, or no answer at all (the connection held open). */
export type FakeAnswer =
  | { status?: number; json: unknown }
  | { status?: number; text: string; headers?: Record<string, string> }
  | 'hang';

export interface FakeProvider {
  url: string;
  calls: RecordedCall[];
  connections: number;
  close(): Promise<void>;
}

export async function startFakeProvider(answer: (call: RecordedCall) => FakeAnswer): Promise<FakeProvider> {
  const calls: RecordedCall[] = [];
  const fake = { calls, connections: 0 } as FakeProvider;
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const call: RecordedCall = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: (text === '' ? {} : JSON.parse(text)) as RecordedBody,
      };
      calls.push(call);
      const reply = answer(call);
      if (reply === 'hang') return;
      response.statusCode = reply.status ?? 200;
      if ('json' in reply) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(reply.json));
      } else {
        for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
        response.end(reply.text);
      }
    });
  });
  server.on('connection', () => {
    fake.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** LibreTranslate's answer to a call: every text marked as translated. */
export const libreTranslateEcho = (call: RecordedCall): FakeAnswer => ({
  json: { translatedText: (call.body.q ?? []).map((text) => `[${call.body.target}] ${text}`) },
});

/** An OpenAI-compatible answer: the user message's texts marked as translated, as the model's content. */
export const openAiEcho = (call: RecordedCall, wrap = (content: string) => content): FakeAnswer => {
  const texts = JSON.parse(call.body.messages?.[1]?.content ?? '[]') as string[];
  return {
    json: {
      choices: [
        {
          message: { role: 'assistant', content: wrap(JSON.stringify(texts.map((text) => `[fr] ${text}`))) },
        },
      ],
    },
  };
};
