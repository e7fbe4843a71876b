/**
 * A computed document (GitBook's `getComputedDocument`): the document a computed page shows,
 * computed from its source (an OpenAPI specification's reference pages, a translation, an
 * integration's page). GitBook's renderer asks for it only for a page that has `computed`.
 *
 * Quire has no computed pages: every page it stores is a document (or a group, or a link),
 * and none names a source. So a source is validated as GitBook's document has it (its kind,
 * bounded props and dependencies), the space is authorized, and every source is then not
 * found, as in a GitBook space without computed content: nothing it names is computed here.
 */
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';
import { SpaceIdParam } from '../spaces/operations/params';
import { refineJsonBound } from './bounded-json';
import { DocumentSchema } from './document-schema';
import { DocumentSchemaVersionParam } from './space-document';

/** The kinds of GitBook's computed sources of a document. */
const SOURCE_TYPE = /^(builtin:openapi|builtin:translation|integration:[^:]+:[^:]+)$/;

const BoundedObject = z.record(z.string(), z.unknown()).superRefine(refineJsonBound);

export const ComputedSourceSchema = z
  .strictObject({
    type: z
      .string()
      .max(256)
      .regex(SOURCE_TYPE, 'builtin:openapi, builtin:translation or integration:<name>:<source>')
      .meta({ examples: ['builtin:openapi'] })
      .describe('Kind of the source'),
    props: BoundedObject.optional().describe('What the computation is given'),
    dependencies: BoundedObject.optional().describe('What the computation depends on'),
  })
  .describe("A computed page's source (GitBook's ComputedContentSourceDocument)");

/**
 * The document computed from `source`. Outcomes: a source outside GitBook's kinds or
 * bounds, 400 naming the field; a space the caller cannot view, 404; any source of a space
 * the caller can view, 404 (no content is computed in Quire).
 */
export const getComputedDocument = operation({
  name: 'spaces.content.computed.document',
  kind: 'query',
  summary: 'Compute the document of a computed content source',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    schema: DocumentSchemaVersionParam,
    source: ComputedSourceSchema,
    seed: z.string().max(256).describe('Seed of the ids the computation generates'),
  }),
  output: DocumentSchema,
  async run(ctx, input) {
    await authorizeSpace(ctx, input.spaceId, 'view');
    throw notFound('Computed content');
  },
});
