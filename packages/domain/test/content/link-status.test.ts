/**
 * The status of a link (`linkStatus`), rule by rule, as a table: facts of a revision holding
 * pages `home` and `guide` (anchors `setup` and `café` on guide), file `file-1` (logo.png,
 * hash `h1`), reusable content `rc-1`, in an organization whose live spaces are `space-2`.
 */
import { describe, expect, it } from 'vitest';
import { type FoundTarget, type LinkFacts, type LinkStatus, linkStatus } from '../../src/links/link-status';
import type { LinkTarget } from '../../src/links/link-target';

const pagesByPath = new Map([
  ['home', 'home'],
  ['guide', 'guide'],
]);
const anchors = new Map([['guide', new Set(['setup', 'café'])]]);
const facts: LinkFacts = {
  pageIdOf: (page) =>
    'id' in page ? (pagesByPath.has(page.id) ? page.id : undefined) : pagesByPath.get(page.path),
  hasAnchor: (pageId, anchor) => anchors.get(pageId)?.has(anchor) ?? false,
  fileIdOf: (file) => {
    if ('id' in file) return file.id === 'file-1' ? 'file-1' : undefined;
    if ('hash' in file) return file.hash === 'h1' && file.name === 'logo.png' ? 'file-1' : undefined;
    return file.name === 'logo.png' ? 'file-1' : undefined;
  },
  spaceExists: (spaceId) => spaceId === 'space-2',
  reusableContentExists: (id) => id === 'rc-1',
};

const url = { kind: 'url' } as const;
const cases: Array<[rule: string, target: LinkTarget, status: LinkStatus, found: FoundTarget]> = [
  ['1. a screen of the app', { kind: 'in-app' }, 'in-app', url],
  ['2. an external URL, never fetched', { kind: 'external' }, 'ok', url],
  ['3. a page by id the revision lacks', { kind: 'page', page: { id: 'gone' } }, 'broken', url],
  ['3. a page by path the revision lacks', { kind: 'page', page: { path: 'nowhere' } }, 'broken', url],
  [
    '3. before 4: a missing page with an anchor is broken as a page',
    { kind: 'page', page: { id: 'gone' }, anchor: 'setup' },
    'broken',
    url,
  ],
  [
    '4. an anchor the page has no heading for',
    { kind: 'page', page: { id: 'guide' }, anchor: 'install' },
    'broken',
    { kind: 'page', pageId: 'guide', anchor: 'install' },
  ],
  [
    '4. an anchor of a page with no headings at all',
    { kind: 'page', page: { path: 'home' }, anchor: 'setup' },
    'broken',
    { kind: 'page', pageId: 'home', anchor: 'setup' },
  ],
  ['5. a file by id the revision lacks', { kind: 'file', file: { id: 'file-9' } }, 'broken', url],
  ['5. a file by name the revision lacks', { kind: 'file', file: { name: 'missing.png' } }, 'broken', url],
  [
    '5. a download URL of other bytes under the same name',
    { kind: 'file', file: { hash: 'h2', name: 'logo.png' } },
    'broken',
    url,
  ],
  [
    '6. a space that is not live here',
    { kind: 'space', space: 'space-9' },
    'broken',
    { kind: 'space', spaceId: 'space-9' },
  ],
  [
    '6a. a reusable content the revision lacks',
    { kind: 'reusable-content', reusableContent: 'rc-9' },
    'broken',
    url,
  ],
  ['7. a reusable content', { kind: 'reusable-content', reusableContent: 'rc-1' }, 'ok', url],
  ['7. a page by id', { kind: 'page', page: { id: 'home' } }, 'ok', { kind: 'page', pageId: 'home' }],
  ['7. a page by path', { kind: 'page', page: { path: 'guide' } }, 'ok', { kind: 'page', pageId: 'guide' }],
  [
    '7. an anchor the page has',
    { kind: 'page', page: { path: 'guide' }, anchor: 'café' },
    'ok',
    { kind: 'page', pageId: 'guide', anchor: 'café' },
  ],
  ['7. a file by id', { kind: 'file', file: { id: 'file-1' } }, 'ok', { kind: 'file', fileId: 'file-1' }],
  [
    '7. a file by name',
    { kind: 'file', file: { name: 'logo.png' } },
    'ok',
    { kind: 'file', fileId: 'file-1' },
  ],
  [
    '7. a file by its download URL',
    { kind: 'file', file: { hash: 'h1', name: 'logo.png' } },
    'ok',
    { kind: 'file', fileId: 'file-1' },
  ],
  [
    '7. a live space of the organization',
    { kind: 'space', space: 'space-2' },
    'ok',
    { kind: 'space', spaceId: 'space-2' },
  ],
];

describe('linkStatus', () => {
  it.each(cases)('%s', (_rule, target, status, found) => {
    expect(linkStatus(target, facts)).toEqual({ status, found });
  });
});
