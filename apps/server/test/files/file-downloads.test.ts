/**
 * `GET /files/:hash` through real HTTP, on a bare Fastify app with the downloads registered
 * over a directory blob store in a temporary directory.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DirectoryBlobStore } from '@quire/persistence';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFileDownloads } from '../../src/files/file-downloads';

let app: FastifyInstance;
let base: string;
let directory: string;
const recordedTypes = new Map<string, string>();

const BYTES = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
const HASH = createHash('sha256').update(BYTES).digest('hex');
const HTML = Buffer.from('<script>alert(document.cookie)</script>');
let htmlHash: string;
let recordedHash: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'quire-downloads-'));
  const blobs = await DirectoryBlobStore.open(directory);
  await blobs.put(BYTES);
  htmlHash = (await blobs.put(HTML)).hash;
  recordedHash = (await blobs.put(Buffer.from('recorded'))).hash;
  recordedTypes.set(recordedHash, 'image/png');
  app = Fastify();
  registerFileDownloads(app, { blobs, contentTypeOf: async (hash) => recordedTypes.get(hash) });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await rm(directory, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(`${base}${url}`, { headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

describe('GET /files/:hash', () => {
  it('serves the bytes with their length, a strong ETag, immutable caching, nosniff, and to other origins', async () => {
    const { status, headers, body } = await get(`/files/${HASH}`);
    expect(status).toBe(200);
    expect(body).toEqual(BYTES);
    expect(headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(BYTES.byteLength),
      etag: `"${HASH}"`,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment',
      // A renderer on another origin shows a space's images (issue 28, item 9).
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(headers['content-security-policy']).toContain('sandbox');
  });

  it('HEAD answers the headers without the bytes', async () => {
    const response = await request(`${base}/files/${HASH}`, { method: 'HEAD' });
    await response.body.dump();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(BYTES.byteLength));
  });

  describe('content type', () => {
    it.each([
      // url, content type, disposition
      [`/files/HASH?type=image/png`, 'image/png', 'inline'],
      [`/files/HASH?type=TEXT/PLAIN`, 'text/plain', 'inline'],
      [`/files/HASH?type=text/html`, 'text/html', 'attachment'],
      [`/files/HASH?type=image/svg%2Bxml`, 'image/svg+xml', 'attachment'],
      [`/files/HASH?type=application/xml`, 'application/xml', 'attachment'],
      [`/files/HASH?type=application/pdf`, 'application/pdf', 'attachment'],
      [`/files/HASH?type=not%20a%20type`, 'application/octet-stream', 'attachment'],
      [`/files/HASH?type=text/plain%0d%0aSet-Cookie:%20a=b`, 'application/octet-stream', 'attachment'],
      [`/files/HASH?type=a&type=b`, 'application/octet-stream', 'attachment'],
      [`/files/HASH/photo.png`, 'image/png', 'inline; filename="photo.png"; filename*=UTF-8\'\'photo.png'],
      [
        `/files/HASH/page.html`,
        'text/html',
        'attachment; filename="page.html"; filename*=UTF-8\'\'page.html',
      ],
      [
        `/files/HASH/logo.svg`,
        'image/svg+xml',
        'attachment; filename="logo.svg"; filename*=UTF-8\'\'logo.svg',
      ],
      [
        `/files/HASH/photo.png?type=text/plain`,
        'text/plain',
        'inline; filename="photo.png"; filename*=UTF-8\'\'photo.png',
      ],
      [
        `/files/HASH/r%C3%A9sum%C3%A9%20%22final%22.txt`,
        'text/plain',
        `inline; filename="r_sum_ _final_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.txt`,
      ],
    ])('%s → %s, %s', async (url, contentType, disposition) => {
      const { status, headers } = await get(url.replace('HASH', HASH));
      expect(status).toBe(200);
      expect(headers['content-type']).toBe(contentType);
      expect(headers['content-disposition']).toBe(disposition);
      expect(headers['set-cookie']).toBeUndefined();
    });

    it('a recorded type wins over ?type= and the name', async () => {
      const { headers } = await get(`/files/${recordedHash}/x.html?type=text/html`);
      expect(headers['content-type']).toBe('image/png');
    });

    it('HTML bytes are never served inline, whatever the type says', async () => {
      const { headers } = await get(`/files/${htmlHash}/page.html`);
      expect(headers['content-type']).toBe('text/html');
      expect(headers['content-disposition']).toMatch(/^attachment/);
      expect(headers['content-security-policy']).toContain('sandbox');
      expect(headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('conditional requests', () => {
    it.each([`"${HASH}"`, `W/"${HASH}"`, `"other", "${HASH}"`, '*'])(
      'If-None-Match %s → 304',
      async (tag) => {
        const { status, headers, body } = await get(`/files/${HASH}`, { 'if-none-match': tag });
        expect(status).toBe(304);
        expect(headers.etag).toBe(`"${HASH}"`);
        expect(body.byteLength).toBe(0);
      },
    );
    it('another tag → 200', async () => {
      const { status } = await get(`/files/${HASH}`, { 'if-none-match': '"other"' });
      expect(status).toBe(200);
    });
  });

  describe('ranges', () => {
    const size = BYTES.byteLength;
    it.each([
      ['bytes=0-0', 0, 0],
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-5', size - 5, size - 1],
      ['bytes=-1000', 0, size - 1],
      ['bytes=30-1000', 30, size - 1],
      [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
    ])('%s → 206 with bytes %i-%i', async (range, start, end) => {
      const { status, headers, body } = await get(`/files/${HASH}`, { range });
      expect(status).toBe(206);
      expect(headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(headers['content-length']).toBe(String(end - start + 1));
      expect(body).toEqual(BYTES.subarray(start, end + 1));
    });

    it.each([`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0'])(
      '%s → 416 with the size',
      async (range) => {
        const { status, headers, body } = await get(`/files/${HASH}`, { range });
        expect(status).toBe(416);
        expect(headers['content-range']).toBe(`bytes */${size}`);
        expect(JSON.parse(body.toString())).toEqual({
          error: { code: 416, message: 'The requested range is not satisfiable', type: 'validation' },
        });
      },
    );

    it.each(['bytes=0-1,3-4', 'bytes=5-2', 'items=0-1', 'bytes=a-b', 'bytes=-', 'bytes 0-1'])(
      '%s is ignored: the whole file',
      async (range) => {
        const { status, body } = await get(`/files/${HASH}`, { range });
        expect(status).toBe(200);
        expect(body).toEqual(BYTES);
      },
    );

    it('If-Range with the ETag keeps the range; another validator gets the whole file', async () => {
      expect((await get(`/files/${HASH}`, { range: 'bytes=0-1', 'if-range': `"${HASH}"` })).status).toBe(206);
      expect((await get(`/files/${HASH}`, { range: 'bytes=0-1', 'if-range': '"old"' })).status).toBe(200);
    });
  });

  describe('unknown and malformed hashes: 404 in GitBook shape', () => {
    it.each([
      createHash('sha256').update('never stored').digest('hex'),
      HASH.toUpperCase(),
      HASH.slice(1),
      `${HASH}0`,
      '..%2F..%2Fetc%2Fpasswd',
      `..%2F${HASH.slice(3)}`,
      'not-a-hash',
    ])('%s', async (hash) => {
      const { status, body, headers } = await get(`/files/${hash}`);
      expect(status).toBe(404);
      expect(JSON.parse(body.toString())).toEqual({
        error: { code: 404, message: 'File not found', type: 'not_found' },
      });
      expect(headers.etag).toBeUndefined();
    });
  });
});
