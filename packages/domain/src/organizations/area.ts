/** The organizations area: organizations and their people: members, teams, invite links and SAML providers. */
import { defineArea } from '../core/area-declaration';
import { ORGANIZATION_RULES } from '../policies/organization-policy';
import { organizationOperations } from './operations';

export const organizationsArea = defineArea({
  key: 'organizations',
  buildsOn: ['identity'],
  operations: organizationOperations,
  repositories: [
    'organizations',
    'members',
    'teams',
    'inviteLinks',
    'invitations',
    'samlProviders',
    'oidcProviders',
    'oidcLoginStates',
  ],
  ports: [],
  policy: { organization: ORGANIZATION_RULES },
});
