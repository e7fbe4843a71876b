/** Field schemas of OpenAPI specs, shared by the operations' inputs and the resources (GitBook's limits). */
import { z } from 'zod';
import { IdSchema } from '../core/schemas';

export const OpenApiOrganizationIdParam = IdSchema.describe('Id of the organization');

export const OpenApiSlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters and digits in words joined by single "-"')
  .describe('Slug of the specification, unique in its organization (1 to 100 characters)');

export const OpenApiVersionIdParam = IdSchema.describe('Id of the specification version');

export const OpenApiVisibilitySchema = z.enum(['private', 'public']).meta({
  id: 'OpenAPISpecVisibility',
  description: 'private: members only; public: anyone with the public link',
});

export const OpenApiSourceURLSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .describe('Where to fetch the description from (http or https, at most 2048 characters)');

export const OpenApiSourceSchema = z
  .union(
    [
      z.strictObject({ url: OpenApiSourceURLSchema }),
      z.strictObject({ text: z.string().min(1).describe('The description itself, JSON or YAML') }),
    ],
    // Said when the value matches neither shape as a whole (both fields, or neither).
    { error: 'give either `url` (where to fetch the description) or `text` (the description), one of them' },
  )
  .meta({ id: 'OpenAPISpecSource', description: 'A URL to fetch the description from, or its text' });
