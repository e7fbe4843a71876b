import { DomainError } from '../../core/errors';

/**
 * A move or a transfer that would leave a space or a collection where it is: GitBook's 409
 * and its wording. Every operation reports it through this one function.
 */
export const noChange = (): DomainError =>
  new DomainError('no_change', 'operation would not result in any update');
