/** The order of Git Sync runs (`gitSyncRuns`) and the URLs kept without credentials, as tables. */
import { describe, expect, it } from 'vitest';
import { repositoryNameOf, withoutCredentials } from '../src/content/spaces/git-remote-url';
import { gitSyncRuns, newerTimestamp } from '../src/git-sync/git-sync-order';

const T1 = '2026-01-01T10:00:00.000Z';
const T2 = '2026-01-01T11:00:00.000Z';

describe('gitSyncRuns', () => {
  const cases: Array<[rule: string, subject: Parameters<typeof gitSyncRuns>[0], runs: boolean]> = [
    ['1. forced: runs even when older', { timestamp: T1, applied: T2, force: true }, true],
    ['2. nothing applied yet: runs', { timestamp: T1, applied: undefined, force: false }, true],
    ['3. older than the newest applied: ignored', { timestamp: T1, applied: T2, force: false }, false],
    ['4. newer: runs', { timestamp: T2, applied: T1, force: false }, true],
    ['4. the same time (the event retried): runs', { timestamp: T1, applied: T1, force: false }, true],
    [
      '3. offsets compare as instants',
      { timestamp: '2026-01-01T11:30:00+02:00', applied: T1, force: false },
      false,
    ],
  ];
  it.each(cases)('%s', (_rule, subject, runs) => expect(gitSyncRuns(subject)).toBe(runs));

  it('keeps the newer timestamp as applied', () => {
    expect(newerTimestamp(undefined, T1)).toBe(T1);
    expect(newerTimestamp(T2, T1)).toBe(T2);
    expect(newerTimestamp(T1, T2)).toBe(T2);
  });
});

describe('withoutCredentials', () => {
  const cases: Array<[url: string, kept: string]> = [
    ['https://user:s3cret@git.example.com/org/repo.git', 'https://git.example.com/org/repo.git'],
    ['https://x-access-token:ghp_abc@github.com/o/r', 'https://github.com/o/r'],
    ['https://token@host.example/r.git', 'https://host.example/r.git'],
    ['https://git.example.com/org/repo.git', 'https://git.example.com/org/repo.git'],
    ['/srv/git/docs.git', '/srv/git/docs.git'],
    ['file:///srv/git/docs.git', 'file:///srv/git/docs.git'],
  ];
  it.each(cases)('%s', (url, kept) => {
    expect(withoutCredentials(url)).toBe(kept);
    expect(withoutCredentials(url)).not.toMatch(/s3cret|ghp_abc|token@/);
  });

  it('names the repository by its owner and name', () => {
    expect(repositoryNameOf('https://user:pw@github.com/acme/docs.git')).toBe('acme/docs');
    expect(repositoryNameOf('/srv/git/docs.git')).toBe('git/docs');
  });
});
