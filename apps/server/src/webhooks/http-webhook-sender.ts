/**
 * The server's webhook sender: a signed POST of one delivery under Quire's outbound rules
 * (`outbound/`): public addresses only, checked on the address connected to (`guardedLookup`)
 * and on IP literals before, except for hosts the instance allows (`QUIRE_FETCH_ALLOW_HOSTS`);
 * https, or plain http to an allowed host only; no credentials in the URL; no redirect
 * followed (a receiver that moved must be updated, the body and signature never go
 * elsewhere); a timeout for the whole exchange. The answer's first 512 characters are kept
 * for the log, and reading stops after 64 KB.
 */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@quire/domain';
import { WEBHOOK_EXCERPT_CHARACTERS, WEBHOOK_SIGNATURE_HEADER } from '@quire/domain';
import { Agent, request, errors as undiciErrors } from 'undici';
import { causesOf } from '../outbound/error-causes';
import { guardedLookup, RefusedAddressError } from '../outbound/guarded-lookup';
import { addressRefusal } from '../outbound/refused-address';

export interface WebhookSenderOptions {
  /** Time allowed for one attempt: connecting, the headers and the answer. */
  timeoutMs: number;
  /** Hosts exempt from the address check, and the only ones plain http may reach. */
  allowHosts: readonly string[];
}

/** Bytes of an answer read at most (the log keeps fewer characters). */
const MAX_ANSWER_BYTES = 64 * 1024;

const hostOf = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

export function httpWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const allowHosts = new Set(options.allowHosts.map(hostOf));
  const agent = new Agent({ connect: { lookup: guardedLookup(allowHosts) }, keepAliveTimeout: 4000 });

  const refusalOf = (text: string): string | null => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'Must be an absolute http or https URL';
    }
    const host = hostOf(url.hostname);
    if (url.username !== '' || url.password !== '') return 'Must not carry credentials';
    if (url.protocol === 'http:' && !allowHosts.has(host))
      return 'Must be an https URL (plain http only to a host the operator allowed)';
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must be an http or https URL';
    if (isIP(host) !== 0 && !allowHosts.has(host) && addressRefusal(host) !== null)
      return 'Points to a private, local or reserved address';
    return null;
  };

  return {
    refusalOf,
    async send(webhook: WebhookRequest): Promise<WebhookResponse> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const refusal = refusalOf(webhook.url);
      if (refusal !== null) return { ok: false, durationMs: 0, error: refusal };
      const deadline = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await request(webhook.url, {
          method: 'POST',
          dispatcher: agent,
          signal: deadline,
          headers: {
            ...webhook.headers,
            [WEBHOOK_SIGNATURE_HEADER]: signatureOf(webhook.secret, webhook.timestamp, webhook.body),
            'user-agent': 'Quire-Webhooks',
          },
          body: webhook.body,
        });
        const excerpt = await readExcerpt(response.body);
        const status = response.statusCode;
        return {
          ok: status >= 200 && status <= 299,
          durationMs: elapsed(),
          status,
          ...(excerpt === '' ? {} : { excerpt }),
          ...(status >= 300 && status <= 399
            ? { error: 'The endpoint answered with a redirect, which is not followed' }
            : {}),
        };
      } catch (error) {
        return { ok: false, durationMs: elapsed(), error: failureOf(error, deadline, options.timeoutMs) };
      }
    },
  };
}

/** `Quire-Signature`'s value: `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

async function readExcerpt(body: AsyncIterable<unknown> & { destroy(): void }): Promise<string> {
  const parts: Buffer[] = [];
  let received = 0;
  try {
    for await (const part of body) {
      parts.push(part as Buffer);
      received += (part as Buffer).byteLength;
      if (received >= MAX_ANSWER_BYTES) break;
    }
  } catch {
    // The answer's status is what counts; a body cut short is logged as far as it came.
  } finally {
    body.destroy();
  }
  return Buffer.concat(parts).toString('utf8').slice(0, WEBHOOK_EXCERPT_CHARACTERS);
}

/** Why an attempt got no answer, in words safe to show to the organization's admins. */
function failureOf(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted) return `The endpoint did not answer within ${timeoutMs} ms`;
  if (causesOf(error).some((cause) => cause instanceof RefusedAddressError))
    return 'The URL points to a private, local or reserved address';
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError)
    return `The endpoint did not answer within ${timeoutMs} ms`;
  return 'The endpoint could not be reached';
}
