/**
 * A browser as far as redirects and cookies go: it follows every redirect by hand, keeps the
 * cookies each host sets (by host name, as browsers do: ports share cookies), and reaches
 * Quire's public URL (`http://quire.test`) at the test server's address, as a resolver would.
 * It stops at the web app (`http://app.quire.test`), where a sign-in lands, or where the test
 * says to stop (a callback to tamper with).
 */
import { TEST_URLS } from '../support/test-domain';

export interface Arrival {
  /** The URL the last answer came from, or where it pointed when the browser stopped there. */
  url: URL;
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies freely
  body: any;
}

const MAX_HOPS = 20;

export class RedirectBrowser {
  readonly #cookies = new Map<string, Map<string, string>>();

  constructor(private readonly serverUrl: string) {}

  /** The cookie a host set, if it still holds. */
  cookie(host: string, name: string): string | undefined {
    return this.#cookies.get(host)?.get(name);
  }

  async follow(start: string | URL, stopAt: (url: URL) => boolean = () => false): Promise<Arrival> {
    let url = new URL(start);
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (url.origin === TEST_URLS.app || (hop > 0 && stopAt(url)))
        return { url, status: 0, headers: new Headers(), body: undefined };
      const response = await fetch(this.#addressOf(url), {
        redirect: 'manual',
        headers: { cookie: this.#cookieHeader(url.hostname), 'user-agent': 'QuireTestBrowser/1.0' },
      });
      this.#keepCookies(url.hostname, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      const text = await response.text();
      const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      return { url, status: response.status, headers: response.headers, body };
    }
    throw new Error(`more than ${MAX_HOPS} redirects`);
  }

  #addressOf(url: URL): string {
    return url.origin === TEST_URLS.api ? `${this.serverUrl}${url.pathname}${url.search}` : url.href;
  }

  #cookieHeader(host: string): string {
    return [...(this.#cookies.get(host) ?? new Map())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  #keepCookies(host: string, setCookies: string[]): void {
    const jar = this.#cookies.get(host) ?? new Map<string, string>();
    this.#cookies.set(host, jar);
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const gone = attributes.some((attribute) => {
        const [key = '', value = ''] = attribute.trim().split('=');
        return (
          (key.toLowerCase() === 'max-age' && Number(value) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(value) < Date.now())
        );
      });
      if (gone) jar.delete(name);
      else jar.set(name, pair.slice(separator + 1).trim());
    }
  }
}
