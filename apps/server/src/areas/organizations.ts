/** How the organizations area is served: its routes, its documentation tags. */
import { organizationRoutes } from '../faces/rest/routes/organizations';
import { defineServerArea } from './server-area';

export const organizationsServing = defineServerArea({
  key: 'organizations',
  routes: organizationRoutes,
  tags: [
    {
      name: 'Organizations',
      group: 'people',
      prefixes: ['orgs'],
      description:
        'Organizations hold the people, teams and content. Create and update them, add people by email ' +
        'address, and find those an email domain may join.',
    },
    {
      name: 'Members',
      group: 'people',
      prefixes: ['orgs.members'],
      description:
        'The people of an organization and their role (admin, create, review, edit, comment, read), or ' +
        'none for guests, who see only what is shared with them.',
    },
    {
      name: 'Teams',
      group: 'people',
      prefixes: ['orgs.teams'],
      description:
        'Groups of members of an organization; a role granted to a team reaches each of its members.',
    },
    {
      name: 'Invitations',
      group: 'people',
      prefixes: ['orgs.invitations'],
      description:
        'People invited by email who have not accepted yet: each has a link that works once, for 7 days. ' +
        'List, revoke, or send again with a new link.',
    },
    {
      name: 'Invite links',
      group: 'people',
      prefixes: ['orgs.inviteLinks'],
      description: 'Links through which people join an organization with the role the link gives.',
    },
    {
      name: 'Single sign-on',
      group: 'people',
      prefixes: ['orgs.saml', 'orgs.oidc', 'orgs.sso'],
      description:
        "An organization's SAML and OpenID Connect identity providers, and the ways to sign in to it through them.",
    },
  ],
});
