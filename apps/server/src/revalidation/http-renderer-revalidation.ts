/**
 * Tells docs renderers over HTTP which cache tags to drop, the way GitBook's renderer takes
 * it (`POST /~gitbook/revalidate`): a JSON body `{ "tags": [...] }` signed with the secret
 * the renderer shares (`X-GitBook-Signature`: the body's HMAC-SHA256, in hex).
 *
 * The endpoints are the operator's (`QUIRE_RENDERER_REVALIDATE_URLS`), not a user's, so they
 * are called directly, private addresses included, without the outbound rules for URLs users
 * give. Redirects are not followed (a signed body goes where it was configured to, only);
 * each call has its own time limit, and the answer's body is not read.
 */
import { createHmac } from 'node:crypto';
import type { RendererRevalidation } from '@quire/domain';

const CALL_TIMEOUT_MS = 10_000;

export interface RendererSettings {
  revalidateUrls: readonly string[];
  secret: string;
}

export class HttpRendererRevalidation implements RendererRevalidation {
  readonly configured: boolean;

  constructor(private readonly settings: RendererSettings | undefined) {
    this.configured = settings !== undefined && settings.revalidateUrls.length > 0;
  }

  async revalidate(tags: readonly string[], signal: AbortSignal): Promise<void> {
    if (!this.settings) return;
    const body = JSON.stringify({ tags });
    const signature = createHmac('sha256', this.settings.secret).update(body).digest('hex');
    const failures: string[] = [];
    await Promise.all(
      this.settings.revalidateUrls.map(async (url) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-gitbook-signature': signature },
            body,
            redirect: 'manual',
            signal: AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
          });
          await response.body?.cancel();
          if (response.status < 200 || response.status > 299)
            failures.push(`${originOf(url)} answered ${response.status}`);
        } catch (error) {
          failures.push(`${originOf(url)}: ${error instanceof Error ? error.name : 'failed'}`);
        }
      }),
    );
    if (failures.length > 0) throw new Error(failures.join('; '));
  }
}

/** An endpoint as a job's log may name it: its origin, never a path or query that could hold a key. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'a renderer';
  }
}
