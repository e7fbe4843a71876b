/** The operations of `quire import`: start an import as a user, then follow its job. */
import { z } from 'zod';
import { CliError } from '../cli-error';
import { findUserByReference } from '../find-user-by-reference';
import { defineOperation } from './cli-operation';

const text = z.string().max(65_536);

export const startImport = defineOperation({
  input: z.strictObject({
    spaceId: text,
    user: text,
    /** Absent when neither `--source` nor the location said it: the operation says what to do. */
    source: text.optional(),
    location: text,
    /** A local file's bytes, in base64 (the socket speaks JSON lines). */
    file: z.strictObject({ name: text, base64: z.string() }).optional(),
  }),
  async run(context, input) {
    const { services, domain } = context;
    const user = await findUserByReference(services, input.user);
    const sources: readonly string[] = domain.IMPORT_SOURCES;
    if (input.source === undefined || !sources.includes(input.source)) {
      throw new CliError(
        `Say what ${input.location} is with --source (one of ${domain.IMPORT_SOURCES.join(', ')})`,
      );
    }
    const source = input.source as (typeof domain.IMPORT_SOURCES)[number];
    const request = input.file
      ? { source, bytes: new Uint8Array(Buffer.from(input.file.base64, 'base64')), name: input.file.name }
      : { source, url: input.location };
    const ctx = {
      ...services,
      caller: { userId: user.id, tokenId: 'cli', isInstanceAdmin: user.isInstanceAdmin },
    };
    await context.ensureJobWorker();
    return domain.importIntoSpace(ctx, input.spaceId, request);
  },
});

export const importProgress = defineOperation({
  input: z.strictObject({ importId: text }),
  async run({ services, domain }, { importId }) {
    const job = await services.repos.jobs.findById(importId);
    if (!job) throw new CliError(`The import's job ${importId} is gone`);
    return domain.presentImportJob(services.urls, job);
  },
});
