/**
 * The shapes of site customization and custom hostnames against GitBook's document 0.202.0
 * (the version the issue names; the official client in the tests is 0.130.0): the settings
 * of a site, of a site space (with `hasOverrides`), the published view's customizations, and
 * a custom hostname, each validated against the document's schema of that name. The document
 * comes from `@gitbook/api-0202` (`npm:@gitbook/api@0.202.0`) when installed, else from the
 * path in QUIRE_GITBOOK_API_0202_SPEC; without either the suite is skipped and says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { type AssetOrigin, customizedSiteFixture, startAssetOrigin } from './customization-support';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON
type Json = any;

function documentPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@gitbook/api-0202/spec/openapi.json');
  } catch {
    const fromEnv = process.env.QUIRE_GITBOOK_API_0202_SPEC;
    return fromEnv && existsSync(fromEnv) ? fromEnv : undefined;
  }
}

const path = documentPath();
if (!path) console.warn('gitbook-0202-shapes: no GitBook 0.202.0 document installed; the suite is skipped');

describe.skipIf(!path)("GitBook 0.202.0's shapes", () => {
  let validate: (schemaName: string, value: unknown) => string[];
  let server: TestServer;
  let origin: AssetOrigin;
  beforeAll(async () => {
    const document: Json = JSON.parse(readFileSync(path!, 'utf8'));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormatsPlugin(ajv);
    for (const format of ['emoji', 'icon']) ajv.addFormat(format, /^[\s\S]*$/);
    ajv.addSchema({ $id: 'gitbook', components: document.components });
    validate = (schemaName, value) => {
      const check = ajv.getSchema(`gitbook#/components/schemas/${schemaName}`)!;
      return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
    origin = await startAssetOrigin();
    server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
    await origin?.close();
  });

  it("a site's and a site space's settings, and the published view's", async () => {
    // The validator refuses what is not settings (so that the checks below can fail).
    expect(validate('SiteCustomizationSettings', { styling: { theme: 'neon' } })).not.toEqual([]);
    const f = await customizedSiteFixture(server);
    expect(validate('SiteCustomizationSettings', await f.ok('GET', '/customization'))).toEqual([]);
    const input = {
      title: 'Acme',
      header: {
        preset: 'default',
        logo: { light: `${origin.url}/logo.png`, dark: `${origin.url}/logo.png` },
        links: [{ title: 'Home', to: { kind: 'url', url: 'https://acme.example/' }, links: [] }],
      },
      socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: true } }],
      ai: { mode: 'search', instructions: 'Be brief.' },
      announcement: { enabled: true, message: 'Hello', style: 'info' },
    };
    const put = await f.ok('PUT', '/customization', input);
    expect(validate('SiteCustomizationSettings', put)).toEqual([]);
    const patched = await f.ok('PATCH', `/site-spaces/${f.siteSpaces[0]}/customization`, {
      styling: { theme: 'muted' },
      favicon: { emoji: '1f4d8' },
    });
    expect(validate('SiteCustomizationSettings', patched)).toEqual([]);
    const ofSiteSpace = await f.ok('GET', `/site-spaces/${f.siteSpaces[0]}/customization`);
    expect(validate('SiteSpaceCustomizationSettings', ofSiteSpace)).toEqual([]);
    const published = await f.call('GET', '/published', undefined, null);
    expect(validate('SiteCustomizationSettings', published.body.customizations.site)).toEqual([]);
    for (const settings of Object.values(published.body.customizations.siteSpaces))
      expect(validate('SiteCustomizationSettings', settings)).toEqual([]);
  });

  it('a custom hostname', async () => {
    const f = await customizedSiteFixture(server);
    const set = await server.api('/v1/custom-hostnames/docs.shapes.example.com', {
      method: 'PUT',
      token: f.org.admin.token,
      body: { target: { type: 'site', site: f.siteId } },
    });
    expect(set.status).toBe(200);
    expect(validate('CustomHostname', set.body)).toEqual([]);
  });
});
