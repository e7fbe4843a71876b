/**
 * The props of the reader's page tests: a site of a few pages (a group, a hidden page, a link
 * page whose target is a script), a customization, files, and the page of every block type
 * (`fixtures/every-block.md`, read by Quire's markdown reader).
 */
import { readFileSync } from 'node:fs';
import { markdownToDocument } from '@quire/documents/to-document';
import { highlightCode } from '../../src/highlight-code';
import { openApiLinksOf } from '../../src/openapi-spec';
import type { ReaderCustomization, ReaderPageProps, ReaderTreePage } from '../../src/reader-model';

export const fixture = markdownToDocument(
  readFileSync(new URL('../fixtures/every-block.md', import.meta.url), 'utf8'),
);

/** An OpenAPI spec of the organization's, as the server reads it (its JSON text). */
export const PETSTORE = readFileSync(new URL('../fixtures/petstore-spec.json', import.meta.url), 'utf8');

export const customization: ReaderCustomization = {
  title: 'Handbook',
  styling: { primaryColor: { light: '#346DDB', dark: '#6F9BFF' }, font: 'Inter', corners: 'rounded' },
  favicon: {},
  header: { links: [{ title: 'Blog', href: 'https://example.com/blog', links: [] }] },
  footer: {
    groups: [{ title: 'More', links: [{ title: 'Status', href: 'https://status.example.com' }] }],
    copyright: '© Example',
  },
  themes: { default: 'system', toggeable: true },
  socialAccounts: [{ platform: 'github', handle: 'example', display: { footer: true, header: false } }],
};

const tree: ReaderTreePage[] = [
  { id: 'p-intro', title: 'Introduction', type: 'document', path: 'intro', hidden: false, pages: [] },
  {
    id: 'g-guides',
    title: 'Guides',
    type: 'group',
    path: 'guides',
    hidden: false,
    pages: [
      {
        id: 'p-guide',
        title: 'Guide',
        type: 'document',
        path: 'guide',
        hidden: false,
        pages: [
          {
            id: 'p-every',
            title: 'Every block',
            type: 'document',
            path: 'guide/every',
            hidden: false,
            pages: [],
          },
        ],
      },
      { id: 'p-secret', title: 'Hidden page', type: 'document', path: 'hidden', hidden: true, pages: [] },
      {
        id: 'l-out',
        title: 'Status',
        type: 'link',
        path: 'status',
        hidden: false,
        href: 'javascript:alert(1)',
        pages: [],
      },
    ],
  },
];

const files: Record<
  string,
  { url: string; name: string; contentType: string; size: number; width?: number; height?: number }
> = {
  'f-pdf': { url: '/files/h1/manual.pdf', name: 'manual.pdf', contentType: 'application/pdf', size: 20480 },
  'f-light': {
    url: '/files/h2/chart.png',
    name: 'chart.png',
    contentType: 'image/png',
    size: 100,
    width: 640,
    height: 480,
  },
  'f-dark': {
    url: '/files/h3/chart-dark.svg',
    name: 'chart-dark.svg',
    contentType: 'image/svg+xml',
    size: 100,
  },
};

export async function propsFor(overrides: Partial<ReaderPageProps> = {}): Promise<ReaderPageProps> {
  const base = '/~sites/org/handbook/';
  return {
    lang: 'en',
    siteTitle: 'Handbook',
    homeHref: base,
    customization,
    sections: [
      { title: 'Docs', href: base, current: true },
      { title: 'API', href: `${base}api/`, current: false },
    ],
    variants: [
      { title: 'v2', href: base, current: true },
      { title: 'v1', href: `${base}v1/`, current: false },
    ],
    tree,
    treeHref: (page) => base + page.path,
    page: {
      id: 'p-every',
      title: 'Every block',
      description: 'All of them',
      document: fixture,
      updatedAt: '2026-11-01T10:00:00.000Z',
      path: 'guide/every',
    },
    breadcrumbs: [{ title: 'Guide', href: `${base}guide` }],
    previous: { title: 'Guide', href: `${base}guide` },
    next: { title: 'Introduction', href: `${base}intro` },
    links: {
      page: (pageId) => (pageId === 'p-guide' ? { href: `${base}guide`, title: 'Guide' } : undefined),
      file: (fileId) => files[fileId],
      ...openApiLinksOf(new Map([['petstore', { version: 'v-petstore-1', text: PETSTORE }]])),
    },
    condition: (expression) => expression === 'visitor.claims.plan == "pro"',
    code: await highlightCode([fixture]),
    searchAction: base,
    assets: { css: '/~reader/reader.abc.css', script: '/~reader/reader.abc.js' },
    headTags: [{ tag: 'link', rel: 'canonical', href: `https://docs.example.com/guide/every` }],
    ...overrides,
  };
}

/** The HTML of each top-level block, for snapshots that say which block changed. */
export function blockHtmlOf(html: string): string {
  const start = html.indexOf('<div class="document">');
  // The page's article closes last (an updates block holds articles of its own).
  const end = html.lastIndexOf('</article>');
  return html.slice(start, end);
}
