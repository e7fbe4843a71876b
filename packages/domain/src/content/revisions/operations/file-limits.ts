import { z } from 'zod';
import { operation } from '../../../core/operation';
import { authorizeSpace } from '../../../policies/authorize-space';
import { SpaceIdParam } from '../../spaces/operations/params';

/**
 * Quire's own: the largest file a space takes each way, so that a client says the limit
 * before sending bytes (the web app refuses a larger file in the browser, naming it).
 * Outcomes: a space the caller cannot view, 404.
 */
export const getFileLimits = operation({
  name: 'spaces.content.files.limits',
  kind: 'query',
  summary: 'The largest file a space takes: sent as bytes, and inline as base64',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: z
    .object({
      maxUploadBytes: z
        .number()
        .int()
        .min(0)
        .describe('Largest file sent as bytes (the byte upload) or from a URL'),
      maxInlineBytes: z.number().int().min(0).describe('Largest file sent inline, as base64'),
    })
    .meta({ id: 'FileLimits', description: 'The largest file a space takes each way, in bytes' }),
  async run(ctx, input) {
    await authorizeSpace(ctx, input.spaceId, 'view');
    const { maxUploadBytes, maxInlineBytes } = ctx.incomingFiles.limits;
    return { maxUploadBytes, maxInlineBytes };
  },
});
