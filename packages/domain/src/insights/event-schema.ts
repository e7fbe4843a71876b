/**
 * The events a site's readers send (GitBook's 0.202.0 `SiteInsightsEvent`, the body of
 * `trackEventsInSiteById`): every event type GitBook lists, each with its own fields, over a
 * common base (the visitor's session, where the event happened, when). Strict and bounded:
 * they come from anyone, so every text, list and object has a limit.
 */
import { z } from 'zod';
import { UnsignedClaimsSchema } from '../publishing';

/** Events in one request: a renderer sends what a page did since its last send. */
export const MAX_EVENTS_PER_REQUEST = 50;
/** GitBook's bound on a feedback comment. */
export const MAX_FEEDBACK_COMMENT_LENGTH = 512;
/** How far from now an event's own timestamp may be (GitBook: five minutes). */
export const EVENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

const ShortText = z.string().max(256);
const IdText = z.string().min(1).max(128);
const NullableId = IdText.nullable();
const UrlText = z
  .string()
  .max(2048)
  .regex(/^[a-z][a-z0-9+.-]*:[^\s]*$/i, 'an absolute URL')
  .meta({ examples: ['https://docs.example.com/guides/install'] });

export const PAGE_FEEDBACK_RATINGS = ['bad', 'ok', 'good'] as const;
export const PageFeedbackRatingSchema = z.enum(PAGE_FEEDBACK_RATINGS);
export type PageFeedbackRating = z.infer<typeof PageFeedbackRatingSchema>;

export const LINK_POSITIONS = ['announcement', 'header', 'footer', 'sidebar', 'content'] as const;
export const DISPLAY_CONTEXTS = ['site', 'server', 'embed', 'mcp'] as const;

const SessionSchema = z.strictObject({
  visitorId: IdText.describe('Id of the visitor'),
  sessionId: IdText.describe("Id of the visitor's session"),
  cookies: z
    .record(ShortText, z.string().max(4096))
    .refine((cookies) => Object.keys(cookies).length <= 32, 'at most 32 cookies')
    .describe('The visitor’s cookies (at most 32; not stored)'),
  ip: z.string().max(64).optional().describe('Address of the visitor (not stored)'),
  userAgent: z.string().max(1024).describe('User agent of the visitor (not stored)'),
  language: z.string().max(64).nullable().describe('Language of the visitor'),
  referrer: z
    .union([z.literal(''), UrlText])
    .nullable()
    .describe('Referrer of the session'),
  visitorAuthToken: z.string().max(8192).nullable().optional().describe('Deprecated: visitorAuthClaims'),
  visitorAuthClaims: UnsignedClaimsSchema.optional(),
});

const LocationSchema = z.strictObject({
  url: UrlText.describe('URL of the page the event happened on'),
  displayContext: z.enum(DISPLAY_CONTEXTS).optional().describe('Where the event was tracked (default site)'),
  siteSection: NullableId.describe('Id of the site section'),
  siteSpace: NullableId.describe('Id of the site space'),
  siteShareKey: z.string().min(1).max(256).nullable().describe('Key of the share link the visitor came with'),
  space: NullableId.describe('Id of the space'),
  revision: NullableId.describe('Id of the revision'),
  page: NullableId.describe('Id of the page (null: no page, a 404)'),
});

const base = {
  session: SessionSchema,
  location: LocationSchema,
  timestamp: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('When the event happened (within 5 minutes of now; default now)'),
};

const ContentRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('url'), url: z.string().min(1).max(2048) }),
  z.strictObject({ kind: z.literal('page'), page: IdText, space: IdText.optional() }),
  z.strictObject({
    kind: z.literal('anchor'),
    anchor: z.string().min(1).max(256),
    page: IdText.optional(),
    space: IdText.optional(),
  }),
  z.strictObject({ kind: z.literal('space'), space: IdText }),
  z.strictObject({ kind: z.literal('file'), file: IdText, space: IdText.optional() }),
  z.strictObject({ kind: z.literal('collection'), collection: IdText }),
  z.strictObject({ kind: z.literal('user'), user: IdText }),
  z.strictObject({ kind: z.literal('reusable-content'), reusableContent: IdText, space: IdText.optional() }),
  z.strictObject({ kind: z.literal('tag'), tag: IdText, space: IdText.optional() }),
  z.strictObject({ kind: z.literal('openapi'), spec: IdText }),
]);

const OperationPointerSchema = z.strictObject({
  path: z.string().min(1).max(1024),
  method: z.string().min(1).max(16),
});
const AdSchema = z.strictObject({ domain: ShortText, zoneId: ShortText, placement: z.enum(['aside']) });
const SearchQuery = z.string().max(512);

const event = <Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) =>
  z.strictObject({ type: z.literal(type), ...base, ...shape });

export const SiteInsightsEventSchema = z
  .discriminatedUnion('type', [
    event('page_view', {}),
    event('page_markdown_request', { markdownSource: z.enum(['page-action']).optional() }),
    event('search_open', {}),
    event('search_type_query', { query: SearchQuery }),
    event('search_open_result', {
      query: SearchQuery,
      result: z.union([
        z.strictObject({ spaceId: IdText, pageId: IdText }),
        z.strictObject({ recordId: IdText }),
      ]),
    }),
    event('page_post_feedback', { feedback: z.strictObject({ rating: PageFeedbackRatingSchema }) }),
    event('page_post_feedback_comment', {
      feedback: z.strictObject({
        rating: PageFeedbackRatingSchema,
        comment: z.string().min(1).max(MAX_FEEDBACK_COMMENT_LENGTH),
      }),
    }),
    event('agent_feedback', {}),
    event('ask_question', { query: SearchQuery, goal: z.string().max(1024).optional() }),
    event('ask_view', {}),
    event('ask_rate_response', {
      query: SearchQuery,
      rating: z.union([z.literal(1), z.literal(-1)]),
      responseId: IdText,
    }),
    event('link_click', {
      link: z.strictObject({ target: ContentRefSchema, position: z.enum(LINK_POSITIONS) }),
    }),
    event('api_client_open', { operation: OperationPointerSchema }),
    event('api_client_request', { operation: OperationPointerSchema }),
    event('trademark_click', { placement: z.enum(['sidebar', 'ad', 'footer', 'pdf', 'embed']) }),
    event('ad_click', { ad: AdSchema }),
    event('ad_display', { ad: AdSchema }),
    event('llms_request', { llmsVariant: z.enum(['standard', 'full']) }),
    event('mcp_request', {}),
    event('rss_request', {}),
  ])
  .meta({ id: 'SiteInsightsEvent', description: 'An event of a reader on a published site' });

export type SiteInsightsEvent = z.infer<typeof SiteInsightsEventSchema>;
export type SiteInsightsEventType = SiteInsightsEvent['type'];

export const SITE_INSIGHTS_EVENT_TYPES = SiteInsightsEventSchema.options.map(
  (option) => option.shape.type.value,
) as readonly SiteInsightsEventType[];
