/** The ask area's routes: a site's and an organization's questions answered from the docs (GitBook's paths). */
import { askOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';
import { SITE } from './sites';

const { sites, orgs } = askOperations;
const ORG = '/v1/orgs/:organizationId';

export const askRoutes: readonly RestRoute[] = [
  // Each event is the answer so far (GitBook's `SearchAIAnswerStream`), sent as it is written.
  { ...route('POST', `${SITE}/ask`, sites.ask), eventStream: true },
  // GitBook streams the suggested questions: one server-sent event per question.
  { ...route('GET', `${SITE}/ask/questions`, sites.askQuestions), eventStream: true },
  route('POST', `${ORG}/ask`, orgs.ask),
  { ...route('GET', `${ORG}/ask/stream`, orgs.askStream), eventStream: true },
  route('GET', `${ORG}/ask/questions`, orgs.askQuestions),
  { ...route('GET', `${ORG}/ask/questions/stream`, orgs.askQuestionsStream), eventStream: true },
];
