/**
 * What a failed read or write means in the port's terms (`GitRepositoryError` kinds), with
 * a message safe to show: the outbound module's reasons, isomorphic-git's errors (an HTTP
 * status, a server that is no Git server, a push refused) and the format's own refusals
 * (`ContentImportError`: a bad `.gitbook.yaml`, a path escaping its folder, a file too large),
 * a ref or object named but missing. Each is final: the job fails without retrying.
 * The messages underneath are not kept: a server's answer may echo anything.
 * Anything else is a defect and goes up as it is.
 */
import { MarkdownTooComplexError } from '@quire/documents';
import { ContentImportError, GitRepositoryError } from '@quire/domain';
import { Errors } from 'isomorphic-git';
import { OutboundFetchError } from '../outbound/outbound-fetch-error';

export function gitFailureOf(error: unknown): unknown {
  if (error instanceof GitRepositoryError) return error;
  if (error instanceof OutboundFetchError) {
    switch (error.reason) {
      case 'bad-url':
        return new GitRepositoryError('unsupported-url', error.message);
      case 'too-large':
        return new GitRepositoryError('invalid-content', error.message);
      case 'bad-status':
      case 'private-address':
      case 'timeout':
      case 'unreachable':
        return new GitRepositoryError('unreachable', error.message);
    }
  }
  if (error instanceof Errors.HttpError) {
    const status = error.data.statusCode;
    if (status === 401 || status === 403)
      return new GitRepositoryError('auth', `The repository refused the credentials (HTTP ${status})`);
    if (status === 404) return new GitRepositoryError('not-found', 'No repository at this URL (HTTP 404)');
    return new GitRepositoryError('unreachable', `The repository answered with HTTP status ${status}`);
  }
  if (error instanceof Errors.SmartHttpError)
    return new GitRepositoryError('not-found', 'The URL does not answer as a Git repository');
  if (error instanceof Errors.PushRejectedError || error instanceof Errors.GitPushError)
    return new GitRepositoryError('rejected', 'The repository refused the push');
  // A ref or object the repository names but does not hold (a dangling symbolic ref, a
  // shallow or broken object database): the repository's state, not a passing fault.
  if (error instanceof Errors.NotFoundError)
    return new GitRepositoryError('invalid-content', 'The repository names a ref or object it does not hold');
  if (error instanceof ContentImportError) return new GitRepositoryError('invalid-content', error.message);
  if (error instanceof MarkdownTooComplexError)
    return new GitRepositoryError(
      'invalid-content',
      `The repository holds a page Quire cannot store: ${error.message}`,
    );
  return error;
}
