/** The insights area's routes: readers' events on a published site, and the queries over them. */
import { insightsOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';
import { SITE } from './sites';

const { insights } = insightsOperations.sites;

export const insightRoutes: readonly RestRoute[] = [
  route('POST', `${SITE}/insights/events`, insights.trackEvents, 204),
  route('POST', `${SITE}/insights/events/aggregate`, insights.aggregateEvents),
  route('GET', `${SITE}/insights/visitor-segments`, insights.listVisitorSegments),
];
