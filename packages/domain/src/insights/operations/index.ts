/**
 * The insights area's operations, mounted under `sites.insights`: the `sites` branch is the
 * publishing area's, and the registry merges the trees branch by branch.
 */
import type { OperationTree } from '../../core/operation';
import { aggregateSiteEvents } from './aggregate-site-events';
import { listSiteVisitorSegments } from './list-site-visitor-segments';
import { trackSiteEvents } from './track-site-events';

export const insightsOperations = {
  sites: {
    insights: {
      trackEvents: trackSiteEvents,
      aggregateEvents: aggregateSiteEvents,
      listVisitorSegments: listSiteVisitorSegments,
    },
  },
} satisfies OperationTree;
