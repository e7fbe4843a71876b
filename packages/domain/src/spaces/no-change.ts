import { DomainError } from '../errors/domain-error';

/** A move or a transfer that would leave the space where it is (GitBook's wording). */
export const noChange = (): DomainError =>
  new DomainError('no_change', 'operation would not result in any update');
