/**
 * An answer read as the server writes it: `GET /v1/orgs/{id}/ask/stream?query=` (GitBook's
 * `streamAskInOrganization`, server-sent events, each the answer so far), with the browser's
 * session cookie. Each event is handed on as it arrives; an `error` event, or a refusal before
 * the stream (the server's JSON error), is thrown with the server's message. Aborting `signal`
 * stops reading (the server then stops asking its provider).
 */
import { CSRF_HEADER } from '../api/trpc';

/** The answer so far (GitBook's `SearchAIAnswer`, the fields the box shows). */
export interface StreamedAnswer {
  answer?: { markdown: string };
  sources: Array<{ space: string; page: string }>;
}

export class AnswerStreamError extends Error {
  override readonly name = 'AnswerStreamError';
}

export async function streamAnswer(
  organizationId: string,
  query: string,
  /** The session's CSRF token: a question spends the person's budget, so the server asks for it on this GET too. */
  csrfToken: string | undefined,
  signal: AbortSignal,
  onAnswer: (answer: StreamedAnswer) => void,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (csrfToken !== undefined) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch(
    `/v1/orgs/${encodeURIComponent(organizationId)}/ask/stream?query=${encodeURIComponent(query)}`,
    { credentials: 'same-origin', headers, signal },
  );
  if (!response.ok || !response.body) throw new AnswerStreamError(await refusalMessage(response));
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    rest += decoder.decode(part.value, { stream: true });
    const blocks = rest.split('\n\n');
    rest = blocks.pop() ?? '';
    for (const block of blocks) {
      const { name, data } = eventOf(block);
      if (data === undefined) continue;
      if (name === 'error') throw new AnswerStreamError(messageOf(data));
      const event = data as { answer?: StreamedAnswer };
      if (event.answer) onAnswer(event.answer);
    }
  }
}

function eventOf(block: string): { name: string | undefined; data: unknown } {
  let name: string | undefined;
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) name = line.slice('event: '.length);
    else if (line.startsWith('data: ')) data += line.slice('data: '.length);
  }
  return { name, data: data === '' ? undefined : (JSON.parse(data) as unknown) };
}

/** GitBook's error shape (`{error: {message}}`), else a sentence naming the status. */
function messageOf(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : 'The answer could not be read';
}

async function refusalMessage(response: Response): Promise<string> {
  try {
    return messageOf(await response.json());
  } catch {
    return `The server answered with status ${response.status}`;
  }
}
