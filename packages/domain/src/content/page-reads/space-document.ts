/**
 * A document of a space by its id (GitBook's `getDocumentById`): the bare document, as
 * stored (but for a site API token's visitor, whose `if` blocks are decided for their claims:
 * `documentForCaller`), with its reusable-content blocks and expressions unresolved (GitBook's route takes
 * no `dereferenced` nor `evaluated`; a page read through the page-document route can have
 * them resolved, since only there is the page, and so its variables, known).
 *
 * A document's id is the address of its body (`documentId` of a page, `document` of a
 * reusable content): it changes whenever the text does, so what a renderer keeps under an
 * id never goes stale.
 */
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSpace } from '../../policies/authorize-space';
import { documentForCaller } from '../reusable-contents/resolved-document';
import { storedDocumentOf } from '../revisions/stored-documents';
import { SpaceIdParam } from '../spaces/operations/params';
import { spaceHoldsDocument } from './document-holders';
import { DocumentSchema } from './document-schema';

/** The `documentId` path parameter: a body's address (43 base64url characters) for any id Quire gives. */
export const DocumentIdParam = z.string().min(1).max(128).describe('Id of the document in the space');

/** GitBook's `schema` query parameter: Quire has one version of the document schema, so both are the same. */
export const DocumentSchemaVersionParam = z
  .enum(['current', 'next'])
  .optional()
  .describe('Version of the document schema (current or next: the same here)');

/**
 * The document `documentId` of a space. Outcomes: a space the caller cannot view, or a
 * document its content does not hold (`document-holders.ts`), 404.
 */
export const getSpaceDocument = operation({
  name: 'spaces.documents.get',
  kind: 'query',
  summary: 'Get a document of a space by its id',
  input: z.strictObject({
    spaceId: SpaceIdParam,
    documentId: DocumentIdParam,
    schema: DocumentSchemaVersionParam,
  }),
  output: DocumentSchema,
  async run(ctx, input) {
    const { space } = await authorizeSpace(ctx, input.spaceId, 'view');
    if (!(await spaceHoldsDocument(ctx, space, input.documentId))) throw notFound('Document');
    // Read only now that the space is known to hold it (its address alone grants nothing); a
    // site visitor's `if` blocks decided for their claims (resolved-document.ts, rule 3).
    return documentForCaller(ctx, await storedDocumentOf(ctx, input.documentId)) as unknown as Record<
      string,
      unknown
    >;
  },
});
