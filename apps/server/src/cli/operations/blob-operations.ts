/**
 * The operations of `quire blobs collect`: start a run of the blob collection (or join the
 * one going on) where the store is open (the running server, or the command's own process),
 * and read how it goes, which the command polls for its progress bar and its outcome.
 */
import { z } from 'zod';
import { CliError } from '../cli-error';
import { defineOperation } from './cli-operation';

export const collectBlobs = defineOperation({
  input: z.strictObject({ dryRun: z.boolean() }),
  async run({ services }, { dryRun }) {
    return services.blobCollection.start({ dryRun });
  },
});

export const blobCollectionProgress = defineOperation({
  input: z.strictObject({}),
  async run({ services }) {
    const state = services.blobCollection.state();
    if (!state) throw new CliError('No blob collection has run here');
    return state;
  },
});
