/** Field schemas and limits of site redirects, shared by the operations' inputs. */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';

export const SiteRedirectIdParam = IdSchema.describe('Id of the site redirect');

/** Redirects one site may hold, live and draft together: a migrated site's old paths, few enough to list. */
export const MAX_REDIRECTS_PER_SITE = 1000;

/** Redirects one bulk request may change (GitBook's limit). */
export const MAX_REDIRECTS_PER_REQUEST = 500;

export const CaptureWildcardSchema = z
  .boolean()
  .describe("Append what the source's wildcard matched to the destination's URL");
export const PermanentSchema = z
  .boolean()
  .describe('Serve it as a permanent redirect (308) rather than a temporary one (307)');
export const DraftSchema = z.boolean().describe('Keep it as a draft, not served until published');
