/**
 * The reader's visitor parts without a server (issue 29, items 4, 5 and 7): unsigned claims
 * read as GitBook's renderer reads them and bounded, the lookup's input and the cookies kept
 * or cleared, `if` blocks left out for a visitor, `Accept` weighed, and the render cache's
 * bound by bytes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { machineRequestOf, prefersMarkdown } from '../../src/reader/machine-formats';
import { socialCardSvg } from '../../src/reader/machine-formats/social-image';
import { RenderCache, renderKey, siteVersionOf, stableJson } from '../../src/reader/render-cache';
import {
  documentForVisitor,
  unsignedClaimsOf,
  visitorCookies,
  visitorLookupInput,
} from '../../src/reader/visitor-session';
import { requestCookies } from '../../src/reader/visitor-session/request-cookies';

const request = (cookie?: string, protocol = 'http') => ({ headers: { cookie }, protocol });

describe('unsigned claims', () => {
  it("reads visitor.* parameters at their dotted paths with GitBook's values, over the cookies' claims", () => {
    const query = new URLSearchParams(
      'visitor.plan=pro&visitor.seats=3&visitor.beta=true&visitor.none=null&visitor.org.region=eu&visitor.tags=["a"]&other=1',
    );
    const cookies = requestCookies(
      `gitbook-visitor-public-a=${encodeURIComponent('{"plan":"free","kept":1}')}`,
    );
    expect(unsignedClaimsOf(cookies, query)).toEqual({
      all: { plan: 'pro', kept: 1, seats: 3, beta: true, none: null, org: { region: 'eu' }, tags: ['a'] },
      fromParams: { plan: 'pro', seats: 3, beta: true, none: null, org: { region: 'eu' }, tags: ['a'] },
    });
  });

  it('skips prototype keys, paths deeper than 5, bad JSON cookies and parameters past 50', () => {
    const many = Array.from({ length: 80 }, (_, i) => `visitor.k${i}=1`).join('&');
    const query = new URLSearchParams(
      `visitor.__proto__.x=1&visitor.a.b.c.d.e.f=1&visitor.constructor=1&${many}`,
    );
    const read = unsignedClaimsOf(requestCookies('gitbook-visitor-public=%7Bnot json'), query);
    expect(Object.getPrototypeOf(read.all)).toBe(Object.prototype);
    expect(read.all).not.toHaveProperty('a');
    expect(Object.hasOwn(read.all, 'constructor')).toBe(false);
    expect(Object.keys(read.all).length).toBeLessThanOrEqual(50);
  });
});

describe("the lookup's input and the visitor's cookies", () => {
  const page = new URL(
    'https://docs.example.com/~sites/o/s/guide?jwt_token=abc.def.ghi&visitor.plan=pro&q=x',
  );

  it('moves jwt_token and visitor.* from the URL into the visitor, leaving the rest of the query', () => {
    const lookup = visitorLookupInput(request(), page);
    expect(lookup.input).toEqual({
      url: 'https://docs.example.com/~sites/o/s/guide?q=x',
      redirectOnError: false,
      visitor: { jwtToken: 'abc.def.ghi', unsignedClaims: { plan: 'pro' } },
    });
    expect(lookup.sources.token).toBe('query');
  });

  it('adds the share key of its cookie to the URL, unless the URL has the key as a segment', () => {
    const kept = `quire-share-key=${encodeURIComponent(JSON.stringify({ path: '/~sites/o/s/', value: 'k1' }))}`;
    const plain = visitorLookupInput(request(kept), new URL('https://x.example.com/~sites/o/s/guide'));
    expect(plain.input.url).toBe('https://x.example.com/~sites/o/s/guide?share=k1');
    const pathForm = visitorLookupInput(request(kept), new URL('https://x.example.com/~sites/o/s/k1/guide'));
    expect(pathForm.input.url).toBe('https://x.example.com/~sites/o/s/k1/guide');
    const elsewhere = visitorLookupInput(
      request(kept),
      new URL('https://x.example.com/~sites/o/other/guide'),
    );
    expect(elsewhere.input.url).toBe('https://x.example.com/~sites/o/other/guide');
  });

  it("keeps a path-form key in a cookie at the site's path once, not again while the cookie holds it", () => {
    const url = new URL('https://x.example.com/~sites/o/s/k3/guide');
    const outcome = { siteBasePath: '/~sites/o/s/k3/', shareKey: 'k3' };
    const [set] = visitorCookies(visitorLookupInput(request(), url), outcome);
    expect(set).toMatch(/^quire-share-key=[^;]+; Path=\/~sites\/o\/s\/; /);
    const kept = (set as string).split(';')[0] as string;
    expect(visitorCookies(visitorLookupInput(request(kept), url), outcome)).toEqual([]);
  });

  it('drops unsigned claims the lookup would refuse, rather than failing every page', () => {
    const deep = new URL(
      `https://x.example.com/~sites/o/s/?visitor.a=${encodeURIComponent(JSON.stringify({ b: { c: { d: { e: { f: 1 } } } } }))}`,
    );
    expect(visitorLookupInput(request(), deep).input.visitor).toBeUndefined();
  });

  it('sets Secure cookies over https, takes a token from its cookie with redirectOnError, and clears refused ones', () => {
    const lookup = visitorLookupInput(
      request(undefined, 'https'),
      new URL('https://x.example.com/~sites/o/s/?share=k2'),
    );
    const [share] = visitorCookies(lookup, { siteBasePath: '/~sites/o/s/', shareKey: 'k2' });
    expect(share).toMatch(
      /^quire-share-key=[^;]+; Path=\/~sites\/o\/s\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
    const kept = `quire-visitor-token=${encodeURIComponent(JSON.stringify({ path: '/~sites/o/s/', value: 't' }))}`;
    const fromCookie = visitorLookupInput(request(kept), new URL('https://x.example.com/~sites/o/s/guide'));
    expect(fromCookie.input).toMatchObject({ redirectOnError: true, visitor: { jwtToken: 't' } });
    expect(visitorCookies(fromCookie, null)).toEqual([
      'quire-visitor-token=; Path=/~sites/o/s/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });
});

describe('if blocks for a visitor', () => {
  const doc = {
    object: 'document',
    nodes: [
      { object: 'block', type: 'paragraph', nodes: [] },
      {
        object: 'block',
        type: 'if',
        data: { expression: 'visitor.claims.unsigned.plan == "pro"' },
        nodes: [],
      },
      { object: 'block', type: 'if', data: { expression: 'visitor.claims.(' }, nodes: [] },
      {
        object: 'block',
        type: 'expandable',
        nodes: [{ object: 'block', type: 'if', data: { expression: 'visitor.claims.beta' }, nodes: [] }],
      },
    ],
  };

  it('keeps blocks whose condition holds, leaves out the others and those that do not parse, at any depth', () => {
    const anonymous = documentForVisitor(doc, {});
    expect(anonymous.nodes.map((node) => node.type)).toEqual(['paragraph', 'expandable']);
    expect(anonymous.nodes[1]?.nodes).toEqual([]);
    const pro = documentForVisitor(doc, { unsigned: { plan: 'pro' }, beta: true });
    expect(pro.nodes.map((node) => node.type)).toEqual(['paragraph', 'if', 'expandable']);
    expect(pro.nodes[2]?.nodes).toHaveLength(1);
    expect(doc.nodes).toHaveLength(4);
  });
});

describe('machine requests', () => {
  const root = { basePath: '/s/', siteBasePath: '/s/' };
  it('names the root files at the site root only, .md anywhere, and markdown when Accept prefers it', () => {
    expect(machineRequestOf({ ...root, pathname: 'llms.txt' }, undefined)).toEqual({ kind: 'llms' });
    expect(
      machineRequestOf({ basePath: '/s/v2/', siteBasePath: '/s/', pathname: 'llms.txt' }, undefined),
    ).toBeUndefined();
    expect(machineRequestOf({ ...root, pathname: 'a/b.md' }, undefined)).toEqual({
      kind: 'markdown',
      pagePath: 'a/b',
    });
    expect(machineRequestOf({ ...root, pathname: 'a' }, 'text/markdown')).toEqual({
      kind: 'markdown',
      pagePath: 'a',
    });
    expect(prefersMarkdown('text/html, text/markdown;q=0.9')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.9, text/html;q=0.8')).toBe(true);
    expect(prefersMarkdown(`${'text/x, '.repeat(20_000)}text/markdown`)).toBe(false);
  });
});

describe('the render cache', () => {
  it('keeps outputs by key within its bound in bytes, dropping the least recently used', () => {
    const cache = new RenderCache(2_500);
    const key = (n: number) =>
      renderKey({ revisions: ['r'], siteVersion: 'v', visitor: {}, path: `p${n}`, format: 'html' });
    cache.set(key(1), 'a'.repeat(800), 'text/html');
    cache.set(key(2), 'b'.repeat(800), 'text/html');
    expect(cache.get(key(1))?.body.toString()).toBe('a'.repeat(800));
    cache.set(key(3), 'c'.repeat(800), 'text/html');
    expect(cache.get(key(2))).toBeUndefined();
    expect(cache.get(key(1))).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(2_500);
    cache.set(key(4), 'd'.repeat(10_000), 'text/html');
    expect(cache.get(key(4))).toBeUndefined();
  });

  it('makes a different key for any part that differs, claims in any key order the same', () => {
    const parts = {
      revisions: ['r1'],
      siteVersion: 'v',
      visitor: { claims: { a: 1, b: 2 } },
      path: '/x',
      format: 'html',
    };
    expect(renderKey(parts)).toBe(renderKey({ ...parts, visitor: { claims: { b: 2, a: 1 } } }));
    for (const changed of [
      { revisions: ['r2'] },
      { siteVersion: 'w' },
      { visitor: {} },
      { path: '/y' },
      { format: 'markdown' },
    ])
      expect(renderKey({ ...parts, ...changed })).not.toBe(renderKey(parts));
  });

  // The site's version is kept by the view's plain JSON: it must stay the hash of the sorted view.
  const hashed = (view: unknown) => createHash('sha256').update(stableJson(view)).digest('hex').slice(0, 32);
  const view = {
    site: { id: 'site-1', title: 'Handbook', visibility: 'public' },
    structure: { structure: [{ id: 'sec-1', siteSpaces: [{ id: 'ss-1', revision: 'r-1' }] }] },
    customizations: { site: { styling: { primaryColor: { light: '#346DDB' } } } },
  };

  it("versions a site's view by its sorted JSON, read first or kept, whatever the order of its keys", () => {
    expect(siteVersionOf(view)).toBe(hashed(view));
    expect(siteVersionOf(structuredClone(view))).toBe(hashed(view));
    const reordered = { customizations: view.customizations, structure: view.structure, site: view.site };
    expect(siteVersionOf(reordered)).toBe(hashed(view));
  });

  it("changes a site's version with any change of its view, kept or not", () => {
    const before = siteVersionOf(view);
    const changed = structuredClone(view);
    changed.structure.structure[0]!.siteSpaces[0]!.revision = 'r-2';
    expect(siteVersionOf(changed)).not.toBe(before);
    expect(siteVersionOf(changed)).toBe(hashed(changed));
    expect(siteVersionOf(view)).toBe(before);
  });

  it('versions a view whose customizations are shared and frozen by their content, each object once', () => {
    const frozen = (theme: string) =>
      Object.freeze({ site: Object.freeze({ styling: Object.freeze({ theme }) }) });
    const bold = { ...view, customizations: frozen('bold') };
    const muted = { ...view, customizations: frozen('muted') };
    expect(siteVersionOf(bold)).toBe(hashed(bold));
    expect(siteVersionOf({ ...bold })).toBe(hashed(bold));
    expect(siteVersionOf(muted)).toBe(hashed(muted));
    expect(siteVersionOf(muted)).not.toBe(siteVersionOf(bold));
    expect(siteVersionOf({ ...view, customizations: frozen('bold') })).toBe(hashed(bold));
  });
});

describe('the social card', () => {
  it("escapes the page's text into the SVG and bounds it, with no markup of the author's", () => {
    const svg = socialCardSvg({
      siteTitle: 'Docs & <Co>',
      title: `<script>alert(1)</script> ${'word '.repeat(100)}`,
      description: '"quoted" \u0007 text',
      color: 'red;"><script>',
    });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(svg).toContain('Docs &#38; &#60;Co&#62;');
    expect(svg).toContain('fill="#1f3a68"');
    expect(svg.match(/<tspan/g)?.length).toBeLessThanOrEqual(5);
    expect(svg).toContain('…');
  });
});
