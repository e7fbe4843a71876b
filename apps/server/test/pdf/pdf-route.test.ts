/**
 * `GET /pdf/:token` through real HTTP, on a bare Fastify app with the route registered over
 * downloads the test decides: a valid link serves the stored PDF with its file name; a
 * tampered, expired or foreign-key link is a 403 in GitBook's error shape and asks nothing;
 * a name that is not a .pdf is a 404; gone, failed and still rendering are 404, 500 and 503
 * (with Retry-After) in GitBook's shape. Rendering on the job runner: `pdf-jobs.test.ts`.
 */
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PdfDownload } from '../../src/pdf/pdf-downloads';
import { type PdfLinkPayload, pdfLinkExpiry, signPdfLink } from '../../src/pdf/pdf-links';
import { registerPdfDownloads } from '../../src/pdf/pdf-route';
import { renderPdf } from '../../src/pdf/render-pdf';
import { markdownDocument } from './pdf-fixtures';
import { readPdf } from './pdf-text';

const KEY = randomBytes(32);
let now = new Date('2026-11-23T09:00:00Z');
const asked: PdfLinkPayload[] = [];
let app: FastifyInstance;
let base: string;

/** The PDF of a small document, as a render job would have stored it. */
async function storedPdf(payload: PdfLinkPayload): Promise<PdfDownload> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const document = markdownDocument('Space ' + payload.spaceId, [
    { id: 'p1', title: 'Welcome page', depth: 0, markdown: 'Hello from **' + payload.revisionId + '**.' },
    { id: 'p2', title: 'Nested page', depth: 1, markdown: '```\nconst x = 1;\n```\n' },
  ]);
  await renderPdf(document, sink);
  const bytes = Buffer.concat(chunks);
  return { kind: 'stored', title: document.title, size: bytes.length, bytes: Readable.from([bytes]) };
}

beforeAll(async () => {
  // As the app: a token is longer than Fastify's default limit of 100 characters a segment.
  app = Fastify({ routerOptions: { maxParamLength: 512 } });
  registerPdfDownloads(app, {
    key: KEY,
    now: () => now,
    downloads: {
      async download(payload) {
        asked.push(payload);
        if (payload.spaceId === 'space-gone') return { kind: 'gone' };
        if (payload.spaceId === 'space-broken')
          return { kind: 'failed', message: 'The PDF could not be drawn' };
        if (payload.spaceId === 'space-slow') return { kind: 'rendering', retryAfterSeconds: 5 };
        return storedPdf(payload);
      },
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

const PAYLOAD: PdfLinkPayload = {
  spaceId: 'space-1',
  changeRequestId: 'cr-1',
  revisionId: 'rev-7',
  organizationId: 'org-1',
  requestedBy: 'user-1',
};

describe('GET /pdf/:token', () => {
  it('serves the PDF of the content the link names, inline, uncached, unsniffed', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now));
    asked.length = 0;
    const response = await get('/pdf/' + token);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="Space space-1.pdf"; filename*=UTF-8\'\'Space%20space-1.pdf',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Stored whole before it is served: its length is known.
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(asked).toEqual([PAYLOAD]);
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

  it('refuses tampered, foreign-key and expired links with 403, asking nothing', async () => {
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
    asked.length = 0;
    for (const [name, { token: refused, message }] of Object.entries(cases)) {
      const response = await get('/pdf/' + refused);
      expect(response.status, name).toBe(403);
      expect(JSON.parse(response.body.toString('utf8')), name).toEqual({
        error: { code: 403, message, type: 'forbidden' },
      });
    }
    expect(asked).toEqual([]);
  });

  it('answers 404 when the content the link names is gone', async () => {
    const token = signPdfLink({ ...PAYLOAD, spaceId: 'space-gone' }, KEY, pdfLinkExpiry(now));
    const response = await get('/pdf/' + token);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      error: { code: 404, message: 'The content of this PDF link is gone', type: 'not_found' },
    });
  });

  it('answers 500 in the error shape, with the safe message only, when the render failed', async () => {
    const token = signPdfLink({ ...PAYLOAD, spaceId: 'space-broken' }, KEY, pdfLinkExpiry(now));
    const response = await get('/pdf/' + token);
    expect(response.status).toBe(500);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      error: { code: 500, message: 'The PDF could not be drawn' },
    });
  });

  it('answers 503 with Retry-After in the error shape while the PDF is still rendering', async () => {
    const token = signPdfLink({ ...PAYLOAD, spaceId: 'space-slow' }, KEY, pdfLinkExpiry(now));
    const response = await get('/pdf/' + token);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      error: {
        code: 503,
        message: 'The PDF is still being rendered: ask again in a moment',
        type: 'unavailable',
      },
    });
  });

  it('refuses a link once the clock passes its expiry', async () => {
    const token = signPdfLink(PAYLOAD, KEY, pdfLinkExpiry(now, 60_000));
    expect((await get('/pdf/' + token)).status).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await get('/pdf/' + token)).status).toBe(403);
  });
});
