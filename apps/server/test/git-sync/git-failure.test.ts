/** isomorphic-git's and the format's errors as the port's final failures, with safe messages. */
import { ContentImportError, GitRepositoryError } from '@quire/domain';
import { Errors } from 'isomorphic-git';
import { describe, expect, it } from 'vitest';
import { gitFailureOf } from '../../src/git-sync/git-failure';

describe('gitFailureOf', () => {
  it.each([
    [new Errors.HttpError(401, 'Unauthorized', 'secret'), 'auth'],
    [new Errors.HttpError(404, 'Not Found', ''), 'not-found'],
    [new Errors.NotFoundError('HEAD'), 'invalid-content'],
    [new ContentImportError('too-large', 'big.md is 2 bytes'), 'invalid-content'],
  ])('maps %s to %s', (error, kind) => {
    const failure = gitFailureOf(error);
    expect(failure).toBeInstanceOf(GitRepositoryError);
    expect((failure as GitRepositoryError).kind).toBe(kind);
    expect((failure as GitRepositoryError).message).not.toContain('secret');
  });

  it('lets a defect go up as it is (retried by the job)', () => {
    const defect = new TypeError('x is undefined');
    expect(gitFailureOf(defect)).toBe(defect);
  });
});
