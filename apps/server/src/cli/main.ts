/** Entry point of the `quire` command line (`bin/quire.mjs`, `pnpm quire`). */
import { reportCliError } from './cli-error';
import { buildProgram } from './program';

buildProgram().parseAsync(process.argv).catch(reportCliError);
