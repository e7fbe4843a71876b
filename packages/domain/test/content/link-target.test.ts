/**
 * What a link's URL names (`linkTargetOf`), rule by rule, as a table: read without the
 * store, from where the link is written (the page `guide/install`, which has no subpages,
 * in space `space-1`).
 */
import { describe, expect, it } from 'vitest';
import { type LinkPlace, type LinkTarget, linkTargetOf } from '../../src/links/link-target';

const place: LinkPlace = {
  urls: { api: 'https://api.quire.test', app: 'https://app.quire.test' },
  spaceId: 'space-1',
  pageId: 'page-1',
  pagePath: 'guide/install',
  hasSubpages: false,
};

const cases: Array<[rule: string, url: string, target: LinkTarget]> = [
  [
    '0. an include of a reusable content',
    '/reusable-contents/rc-1',
    { kind: 'reusable-content', reusableContent: 'rc-1' },
  ],
  ['1. an anchor of the same page', '#setup', { kind: 'page', page: { id: 'page-1' }, anchor: 'setup' }],
  ['2. a page reference', '/pages/page-9', { kind: 'page', page: { id: 'page-9' } }],
  ['2. a file reference', '/files/file-3', { kind: 'file', file: { id: 'file-3' } }],
  [
    '3a. a download URL of the API',
    'https://api.quire.test/files/abc123/logo.png',
    {
      kind: 'file',
      file: { hash: 'abc123', name: 'logo.png' },
    },
  ],
  [
    '3b. an app URL of this space',
    'https://app.quire.test/o/org/s/space-1/guide/usage#flags',
    {
      kind: 'page',
      page: { path: 'guide/usage' },
      anchor: 'flags',
    },
  ],
  [
    '3b. an app URL of another space',
    'https://app.quire.test/o/org/s/space-2/intro',
    {
      kind: 'space',
      space: 'space-2',
    },
  ],
  ['3c. another app URL', 'https://app.quire.test/o/org/members', { kind: 'in-app' }],
  ['3d. an external URL', 'https://example.com/docs', { kind: 'external' }],
  ['3d. a mail address', 'mailto:team@example.com', { kind: 'external' }],
  [
    '4. GitBook assets',
    '../.gitbook/assets/diagram%20one.png',
    {
      kind: 'file',
      file: { name: 'diagram one.png' },
    },
  ],
  ['5. a sibling page, relative', 'usage.md', { kind: 'page', page: { path: 'guide/usage' } }],
  [
    '5. a page from the root, with an anchor',
    '/reference/api.md#auth',
    {
      kind: 'page',
      page: { path: 'reference/api' },
      anchor: 'auth',
    },
  ],
  ['5. a directory page', '../reference/README.md', { kind: 'page', page: { path: 'reference' } }],
];

describe('linkTargetOf', () => {
  it.each(cases)('%s: %s', (_rule, url, target) => {
    expect(linkTargetOf(url, place)).toEqual(target);
  });
});
