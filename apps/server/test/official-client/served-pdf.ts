/**
 * A PDF link as `getSpacePdf` and `getChangeRequestPdf` answer it: under the server's public
 * URL (`/pdf/<token>`), and serving a PDF. The test server listens elsewhere than its public
 * URL, so the link is fetched with the server's own address in its place.
 */
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server';

export async function expectServedPdf(server: TestServer, url: string): Promise<void> {
  const prefix = `${server.config.publicUrl}/pdf/`;
  expect(url.startsWith(prefix), `${url} is under ${prefix}`).toBe(true);
  const response = await fetch(server.url + url.slice(server.config.publicUrl.length));
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(response.status, bytes.subarray(0, 200).toString('utf8')).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/pdf');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}
