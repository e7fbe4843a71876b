/** Entry point of the `quire` command line (`bin/quire.mjs`, `pnpm quire`). */
import { reportCliError } from './cli-error';
import { processRun } from './cli-run';
import { buildProgram } from './program';

const run = processRun();
buildProgram(run)
  .parseAsync(process.argv)
  .catch((error: unknown) => reportCliError(error, run));
