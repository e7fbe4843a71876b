/**
 * A browser of the web app, as far as the server can tell: it keeps the session cookie the
 * server sets (and forgets it when told to), sends it with every request, and sends the CSRF
 * token only when the test says so. Its address is sent as `X-Forwarded-For` (the session
 * tests' servers trust it), so each test signs in from an address of its own.
 */
import type { TestServer } from '../support/test-server';

export interface BrowserResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  body: any;
  /** tRPC's `result.data`, when the call succeeded. */
  data?: unknown;
}

export interface BrowserRequest {
  method?: string;
  body?: unknown;
  /** Send the session's CSRF token as `x-quire-csrf` (default: when the browser knows one). */
  csrf?: boolean | string;
  headers?: Record<string, string>;
}

let addresses = 0;
/** An address no other browser of this process uses. */
export const freshAddress = (): string => `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

export class TestBrowser {
  /** The value of `quire_session`, as the browser holds it. */
  cookie: string | undefined;
  /** The last `Set-Cookie` for the session, whole (attributes included). */
  lastSetCookie: string | undefined;
  csrfToken: string | undefined;

  constructor(
    readonly server: Pick<TestServer, 'url'>,
    readonly address: string = freshAddress(),
  ) {}

  async request(path: string, options: BrowserRequest = {}): Promise<BrowserResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-forwarded-for': this.address,
      'user-agent': 'QuireTestBrowser/1.0',
      ...options.headers,
    };
    if (this.cookie !== undefined) headers.cookie = `theme=dark; quire_session=${this.cookie}`;
    const csrf = options.csrf ?? true;
    if (typeof csrf === 'string') headers['x-quire-csrf'] = csrf;
    else if (csrf && this.csrfToken) headers['x-quire-csrf'] = this.csrfToken;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(this.server.url + path, { method: options.method ?? 'GET', headers, body });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, value] = pair!.split('=');
      if (name !== 'quire_session') continue;
      this.lastSetCookie = setCookie;
      this.cookie = /Max-Age=0(;|$)/.test(setCookie) ? undefined : value;
    }
    const text = await response.text();
    const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed, data: parsed?.result?.data };
  }

  /** A tRPC query (GET, input in the URL). */
  query(path: string, input?: unknown, options: BrowserRequest = {}): Promise<BrowserResponse> {
    const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.request(`/trpc/${path}${search}`, options);
  }

  /** A tRPC mutation (POST, input as the body). */
  mutate(path: string, input?: unknown, options: BrowserRequest = {}): Promise<BrowserResponse> {
    return this.request(`/trpc/${path}`, { ...options, method: 'POST', body: input ?? {} });
  }

  /** Signs in with a password; keeps the CSRF token of a success. */
  async signIn(email: string, password: string): Promise<BrowserResponse> {
    const response = await this.mutate('session.signIn', { email, password });
    if (response.status === 200) this.csrfToken = (response.data as { csrfToken: string }).csrfToken;
    return response;
  }
}
