/** The ask operations: a site's (mounted on `sites`) and an organization's (on `orgs`). */
import { askInOrganization } from './ask-in-organization';
import { askInSite } from './ask-in-site';
import { organizationAskQuestions, streamOrganizationAskQuestions } from './organization-ask-questions';
import { listSiteAskQuestions } from './site-ask-questions';
import { streamAskInOrganization } from './stream-ask-in-organization';

export const askOperations = {
  sites: { ask: askInSite, askQuestions: listSiteAskQuestions },
  orgs: {
    ask: askInOrganization,
    askStream: streamAskInOrganization,
    askQuestions: organizationAskQuestions,
    askQuestionsStream: streamOrganizationAskQuestions,
  },
};
