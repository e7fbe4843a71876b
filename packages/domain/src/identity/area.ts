/** The identity area: who people are: users, their API tokens and web sessions, and signing in. */
import { defineArea } from '../core/area-declaration';
import { identityOperations } from './operations';

export const identityArea = defineArea({
  key: 'identity',
  buildsOn: [],
  operations: identityOperations,
  repositories: ['users', 'apiTokens', 'sessions', 'passwordResets'],
  ports: ['mailOutbox'],
});
