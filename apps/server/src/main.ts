/**
 * The server's entry point (`pnpm start` runs its build, `dist/server.js`): the same as
 * `quire serve`.
 */
import { reportCliError } from './cli/cli-error';
import { serve } from './cli/commands/serve';

serve().catch((error: unknown) => {
  reportCliError(error);
  process.exit(1);
});
