/** How the identity area is served: its routes, its documentation tags, its mail outbox. */
import { identityRoutes } from '../faces/rest/routes/identity';
import { JobMailOutbox } from '../mail/job-mail-outbox';
import { mailTransportOf } from '../mail/mail-transport';
import { defineServerArea } from './server-area';

export const identityServing = defineServerArea({
  key: 'identity',
  routes: identityRoutes,
  tags: [
    {
      name: 'Current user',
      group: 'people',
      prefixes: ['user'],
      description:
        'The user the API token belongs to, their own API tokens, and the browsers signed in to the web app as them.',
    },
    {
      name: 'Users',
      group: 'people',
      prefixes: ['users'],
      description: 'Other users, as far as the caller works with them (they share an organization).',
    },
    {
      name: 'Administration',
      group: 'admin',
      prefixes: ['admin'],
      description: 'For instance administrators: every user of the instance and their API tokens.',
    },
  ],
  ports: ({ config, store, clock, events }) => ({
    mailOutbox: new JobMailOutbox(store, clock, events, mailTransportOf(config)),
  }),
});
