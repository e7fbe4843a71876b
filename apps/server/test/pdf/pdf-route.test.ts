/**
 * `GET /pdf/:token` through real HTTP, on a bare Fastify app with the route registered: a
 * valid link streams the PDF with its file name; a tampered, expired or foreign-key link is
 * a 403 in GitBook's error shape and loads nothing; a name that is not a .pdf is a 404.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PdfLinkPayload, pdfLinkExpiry, signPdfLink } from '../../src/pdf/pdf-links';
import { registerPdfDownloads } from '../../src/pdf/pdf-route';
import { markdownDocument } from './pdf-fixtures';
import { readPdf } from './pdf-text';

const KEY = randomBytes(32);
let now = new Date('2026-11-23T09:00:00Z');
const loaded: PdfLinkPayload[] = [];
let failStore: (error: Error) => void = () => undefined;
const storeFailure = new Promise<never>((_, reject) => {
  failStore = reject;
});
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  // As the app: a token is longer than Fastify's default limit of 100 characters a segment.
  app = Fastify({ routerOptions: { maxParamLength: 512 } });
  registerPdfDownloads(app, {
    key: KEY,
    now: () => now,
    loadDocument: async (payload) => {
      loaded.push(payload);
      if (payload.spaceId === 'space-gone') return null;
      if (payload.spaceId === 'space-broken') {
        const document = markdownDocument('Broken', [
          { id: 'p1', title: 'Fine page', depth: 0, markdown: 'Fine.' },
          { id: 'p2', title: 'Broken page', depth: 0, markdown: 'Never read.' },
        ]);
        return {
          ...document,
          // The second body fails once the test has seen the answer start.
          bodyOf: (index) => (index === 0 ? document.bodyOf(index) : storeFailure),
        };
      }
      return markdownDocument('Space ' + payload.spaceId, [
        { id: 'p1', title: 'Welcome page', depth: 0, markdown: 'Hello from **' + payload.revisionId + '**.' },
        { id: 'p2', title: 'Nested page', depth: 1, markdown: '```\nconst x = 1;\n```\n' },
      ]);
    },
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

async function get(path: string) {
  const response = await request(base + path);
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

const PAYLOAD: PdfLinkPayload = { spaceId: 'space-1', changeRequestId: 'cr-1', revisionId: 'rev-7' };

describe('GET /pdf/:token', () => {
  it('streams the PDF of the content the link names, inline, uncached', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now));
    loaded.length = 0;
    const response = await get('/pdf/' + token);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="Space space-1.pdf"; filename*=UTF-8\'\'Space%20space-1.pdf',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Streamed as it is drawn: no length known up front.
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(loaded).toEqual([PAYLOAD]);
    const pdf = await readPdf(response.body);
    for (const text of ['Space space-1', 'Welcome page', 'Nested page', 'rev-7', 'const x = 1;']) {
      expect(pdf.text).toContain(text);
    }
  });

  it('names the file after the last path segment', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now));
    const response = await get('/pdf/' + token + '/handbook.pdf');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="handbook.pdf"; filename*=UTF-8\'\'handbook.pdf',
    );
    expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 404 for a name that is not a .pdf', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now));
    const response = await get('/pdf/' + token + '/handbook.html');
    expect(response.status).toBe(404);
  });

  it('refuses tampered, foreign-key and expired links with 403, loading nothing', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now));
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const cases = {
      tampered: { token: token.slice(0, -1) + last, message: 'This PDF link is not valid' },
      foreign: {
        token: signPdfLink(PAYLOAD, randomBytes(32), pdfLinkExpiry(now)),
        message: 'This PDF link is not valid',
      },
      malformed: { token: 'not-a-token', message: 'This PDF link is not valid' },
      expired: {
        token: signPdfLink(PAYLOAD, KEY, new Date(now.getTime() - 1)),
        message: 'This PDF link has expired',
      },
    };
    loaded.length = 0;
    for (const [name, { token: refused, message }] of Object.entries(cases)) {
      const response = await get('/pdf/' + refused);
      expect(response.status, name).toBe(403);
      expect(JSON.parse(response.body.toString('utf8')), name).toEqual({
        error: { code: 403, message, type: 'forbidden' },
      });
    }
    expect(loaded).toEqual([]);
  });

  it('answers 404 when the content the link names is gone', async () => {
    const token = signPdfLink({ ...PAYLOAD, spaceId: 'space-gone' }, KEY, pdfLinkExpiry(now));
    const response = await get('/pdf/' + token);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      error: { code: 404, message: 'The content of this PDF link is gone', type: 'not_found' },
    });
  });

  it('cuts the connection when drawing fails after the answer started', async () => {
    const token = signPdfLink({ ...PAYLOAD, spaceId: 'space-broken' }, KEY, pdfLinkExpiry(now));
    const response = await request(base + '/pdf/' + token);
    expect(response.statusCode).toBe(200);
    failStore(new Error('the store failed'));
    await expect(response.body.arrayBuffer()).rejects.toThrow();
  });

  it('refuses a link once the clock passes its expiry', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now, 60_000));
    expect((await get('/pdf/' + token)).status).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await get('/pdf/' + token)).status).toBe(403);
  });
});
