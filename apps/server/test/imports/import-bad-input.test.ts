/**
 * Sources an import must refuse, each with its reason and a message safe to show: URLs the
 * outbound rules refuse (not http, loopback when not allowed, a name resolving to loopback,
 * a redirect to a private address, a redirect loop, a body past the limit, a server that
 * never answers, nothing listening), answers that are not the declared type, zip bombs and
 * entries escaping the archive, corrupt docx files.
 */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { ContentImportError, type ContentImportFailure, type ImportRequest } from '@quire/domain';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentImportLimits } from '../../src/imports/server-content-imports';
import { type FixtureSiteServer, startFixtureSiteServer } from './fixture-site-server';
import { importReader, noProgress } from './import-reader';
import { minimalDocx, paragraph } from './minimal-docx';

let site: FixtureSiteServer;
beforeAll(async () => {
  site = await startFixtureSiteServer();
});
afterAll(() => site.close());

interface Failure {
  reason: ContentImportFailure;
  message: string;
}

async function failureOf(
  request: ImportRequest,
  limits: Partial<ContentImportLimits> = {},
): Promise<Failure> {
  const { reader } = await importReader(limits);
  try {
    await reader.read(request, noProgress);
  } catch (error) {
    if (error instanceof ContentImportError) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('expected the import to fail');
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('outbound fetches of an import', () => {
  const fetchFailed = (message: string): Failure => ({ reason: 'fetch-failed', message });

  it.each<[string, () => string, Partial<ContentImportLimits>, Failure]>([
    [
      'a URL that is not http(s)',
      () => 'ftp://example.com/docs/',
      {},
      fetchFailed('Only http and https URLs can be fetched'),
    ],
    [
      'loopback, not allowed',
      () => `${site.origin}/docs/`,
      { allowHosts: [] },
      fetchFailed('The URL points to a private, local or reserved address'),
    ],
    [
      'a name that resolves to loopback',
      () => `http://localhost:${site.port}/docs/`,
      {},
      fetchFailed('The URL points to a private, local or reserved address'),
    ],
    [
      'a redirect to the metadata address',
      () => `${site.origin}/redirect-private`,
      {},
      fetchFailed('The URL points to a private, local or reserved address'),
    ],
    [
      'a redirect to a name that resolves to loopback',
      () => `${site.origin}/redirect-localhost`,
      {},
      fetchFailed('The URL points to a private, local or reserved address'),
    ],
    [
      'a redirect loop',
      () => `${site.origin}/redirect-loop`,
      {},
      fetchFailed('The URL redirected more than 5 times'),
    ],
    [
      'a page that is missing',
      () => `${site.origin}/docs/missing.html`,
      {},
      fetchFailed('The URL answered with HTTP status 404'),
    ],
    [
      'a server that never answers',
      () => `${site.origin}/never`,
      { fetchTimeoutMs: 300 },
      fetchFailed('The URL did not answer within 300 ms'),
    ],
    [
      'a body with no end',
      () => `${site.origin}/endless`,
      { maxPageBytes: 100_000 },
      { reason: 'too-large', message: 'The file at the URL is larger than 100000 bytes' },
    ],
  ])('website: %s is refused', async (_, url, limits, expected) => {
    expect(await failureOf({ source: 'website', url: url() }, limits)).toEqual(expected);
  });

  it('website: a later page or an image refused by the rules is left out, the rest imported', async () => {
    const page = (body: string) =>
      strToU8(`<!doctype html><html><head><title>T</title></head><body><main>${body}</main></body></html>`);
    site.serve(
      '/guarded/',
      page(
        `<h1>Start</h1><p><a href="/guarded/redirect-private">hop</a> <a href="http://localhost:${site.port}/guarded/other">by name</a></p>` +
          `<p><img src="http://169.254.169.254/latest/x.png" alt="metadata"> <img src="http://localhost:${site.port}/docs/img/logo.png" alt="named"></p>`,
      ),
      'text/html',
    );
    const { reader } = await importReader();
    const content = await reader.read({ source: 'website', url: `${site.origin}/guarded/` }, noProgress);
    expect(content.pages.map(({ title }) => title)).toEqual(['Start']);
    expect(content.files).toEqual([]);
    // The refused images keep their URL; nothing was fetched from them.
    expect(content.pages[0]?.markdown).toContain('![metadata](http://169.254.169.254/latest/x.png)');
    expect(content.pages[0]?.markdown).toContain(`![named](http://localhost:${site.port}/docs/img/logo.png)`);
  });

  it('website: nothing listening is refused', async () => {
    const port = await closedPort();
    expect(await failureOf({ source: 'website', url: `http://127.0.0.1:${port}/` })).toEqual(
      fetchFailed('The URL could not be reached'),
    );
  });

  it('website: a start URL that is not HTML is refused', async () => {
    expect(await failureOf({ source: 'website', url: `${site.origin}/docs/img/logo.png` })).toEqual({
      reason: 'not-that-type',
      message: 'The URL did not answer an HTML page',
    });
  });

  it.each(['html', 'markdown', 'zip', 'docx'] as const)(
    '%s: the same rules apply to its URL',
    async (source) => {
      expect(await failureOf({ source, url: `${site.origin}/redirect-private` })).toEqual(
        fetchFailed('The URL points to a private, local or reserved address'),
      );
    },
  );
});

// Markdown nested past the limits: the readers keep a body as written and the import job
// reads it through the markdown threads, which refuse it ('import-jobs.test.ts').

describe('zip archives', () => {
  const zip = (files: Record<string, Uint8Array>) => ({
    source: 'zip' as const,
    bytes: zipSync(files),
    name: 'x.zip',
  });

  it('refuses bytes that are not a zip', async () => {
    expect(await failureOf({ source: 'zip', bytes: strToU8('# not a zip'), name: 'x.zip' })).toEqual({
      reason: 'not-that-type',
      message: 'The file is not a zip archive',
    });
  });

  it('refuses a zip that expands past the limit, before expanding it', async () => {
    // 5 MB of zeros compresses to about 5 KB: a small bomb against a 1 MB limit.
    const bomb = zip({ 'README.md': strToU8('# Hi'), 'zeros.md': new Uint8Array(5 * 1024 * 1024) });
    expect(bomb.bytes.byteLength).toBeLessThan(20_000);
    expect(await failureOf(bomb, { maxExpandedBytes: 1024 * 1024 })).toEqual({
      reason: 'too-large',
      message: 'The zip expands to more than 1048576 bytes',
    });
  });

  it('refuses a zip with more entries than allowed', async () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}.md`, strToU8('x')]));
    expect(await failureOf(zip(many), { maxEntries: 10 })).toEqual({
      reason: 'too-large',
      message: 'The zip holds more than 10 entries',
    });
  });

  it.each([
    ['../escape.md', '"../escape.md"'],
    ['docs/../../escape.md', '"docs/../../escape.md"'],
    ['/etc/passwd', '"/etc/passwd"'],
    ['C:/Windows/win.ini', '"C:/Windows/win.ini"'],
    ['docs\\..\\..\\escape.md', '"docs/../../escape.md"'],
  ])('refuses an entry at %j', async (path, shown) => {
    expect(await failureOf(zip({ 'README.md': strToU8('# Hi'), [path]: strToU8('x') }))).toEqual({
      reason: 'unsafe-path',
      message: `The zip holds an entry outside its folder: ${shown}`,
    });
  });

  it('refuses a truncated zip as corrupt', async () => {
    const whole = zipSync({ 'README.md': strToU8('# Hi\n'.repeat(10_000)) }, { level: 0 });
    expect(await failureOf({ source: 'zip', bytes: whole.subarray(0, 20_000), name: 'x.zip' })).toEqual({
      reason: 'corrupt',
      message: 'The zip archive is damaged: its end record is missing',
    });
  });

  it('refuses a zip without markdown as empty', async () => {
    expect(await failureOf(zip({ 'notes.txt': strToU8('hello') }))).toEqual({
      reason: 'empty',
      message: 'The zip holds no markdown file',
    });
  });
});

describe('docx documents', () => {
  const docx = (bytes: Uint8Array) => ({ source: 'docx' as const, bytes, name: 'x.docx' });

  it.each([
    ['bytes that are not a zip', strToU8('plain text')],
    ['a zip without word/document.xml', zipSync({ 'README.md': strToU8('# Hi') })],
  ])('refuses %s as not a docx', async (_, bytes) => {
    expect(await failureOf(docx(bytes))).toEqual({
      reason: 'not-that-type',
      message: 'The file is not a docx (Word) document',
    });
  });

  it('refuses a docx whose document part is not XML as corrupt', async () => {
    const broken = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      '_rels/.rels': strToU8('not xml <<<'),
      'word/document.xml': strToU8('<w:document><w:body><w:p>'),
    });
    expect(await failureOf(docx(broken))).toEqual({
      reason: 'corrupt',
      message: 'The docx document is damaged and cannot be read',
    });
  });

  it('refuses a docx bomb before mammoth expands it', async () => {
    const bomb = zipSync({
      'word/document.xml': strToU8(`<w:document><w:body>${paragraph('x')}</w:body></w:document>`),
      'word/media/huge.bin': new Uint8Array(5 * 1024 * 1024),
    });
    expect(await failureOf(docx(bomb), { maxExpandedBytes: 1024 * 1024 })).toMatchObject({
      reason: 'too-large',
    });
  });

  it('reads a valid minimal docx (the fixture the cases above break)', async () => {
    const { reader } = await importReader();
    const content = await reader.read(docx(minimalDocx(paragraph('Hello'))), noProgress);
    expect(content.pages[0]).toMatchObject({ title: 'X', markdown: 'Hello\n' });
  });
});
