/** GitBook's `SiteInsightsVisitorSegment` (0.202.0): visitors sharing the same claims, with their counts. */
import { z } from 'zod';

export const SiteInsightsVisitorSegmentSchema = z
  .strictObject({
    title: z.string().describe('The title of the visitor profile'),
    claims: z.record(z.string(), z.unknown()).describe('The claims the visitors of the segment share'),
    events: z.number().int().min(0).describe('The number of events of this visitor profile'),
    visitors: z.number().int().min(0).describe('The number of visitors of this visitor profile'),
    sessions: z.number().int().min(0).describe('The number of sessions of this visitor profile'),
  })
  .meta({
    id: 'SiteInsightsVisitorSegment',
    description: 'A segment of visitors with the same characteristics',
  });
export type SiteInsightsVisitorSegment = z.infer<typeof SiteInsightsVisitorSegmentSchema>;
