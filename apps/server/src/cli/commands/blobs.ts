/**
 * `quire blobs collect [--dry-run]`: the blob collection now, rather than on its schedule
 * (`QUIRE_BLOB_COLLECTION_INTERVAL_SECONDS`). Runs in the server when one holds the store
 * (joining its run if one goes on), else in this process; a progress bar on a terminal (the
 * records read, then the blobs judged), and one line saying what was deleted, or would be.
 */
import type { Command } from 'commander';
import { blobCollectionSummary } from '../../blobs/blob-collection-summary';
import { CliError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { connectFor } from '../command-connection';
import { ProgressBar } from '../progress-bar';

/** How often the command reads how the run goes. */
const POLL_MS = 250;

export function registerBlobsCommands(program: Command, run: CliRun): void {
  const blobs = program.command('blobs').description('Manage the stored bytes of files');

  blobs
    .command('collect')
    .description(
      'Delete the blobs (bytes of files) that no record names any more and that were not stored ' +
        'or stored again within the grace (QUIRE_BLOB_GRACE_HOURS, 24 by default)',
    )
    .option('--dry-run', 'count what would be deleted, delete nothing')
    .option('--json', 'print the outcome as JSON')
    .action((options: { dryRun?: boolean; json?: boolean }, command: Command) =>
      connectFor(run, command, async (connection) => {
        const dryRun = Boolean(options.dryRun);
        let { started, state } = await connection.call('blobs.collect', { dryRun });
        if (!started)
          run.err(
            `quire: a blob collection is already running${state.dryRun ? ' (a dry run)' : ''}: following it\n`,
          );
        // One bar a phase: the records the mark reads, then the blobs the sweep judges.
        let bar = new ProgressBar('records read', run);
        let phase = state.phase;
        try {
          while (state.running) {
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
            state = await connection.call('blobs.progress', {});
            if (state.phase !== phase) {
              bar.end();
              bar = new ProgressBar('blobs judged', run);
              phase = state.phase;
            }
            bar.update(state.done, state.total);
          }
        } finally {
          bar.end();
        }
        if (!state.report)
          throw new CliError(`The blob collection failed: ${state.error ?? 'unknown error'}`);
        if (options.json) run.out(`${JSON.stringify(state.report)}\n`);
        else run.out(`${blobCollectionSummary(state.report, state.graceMs)}\n`);
      }),
    );
}
