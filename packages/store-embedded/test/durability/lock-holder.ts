/**
 * Child process for the lock tests: `lock-holder.ts <dir> <holdMs>` opens the store, prints
 * `locked` (or `refused <message>`), keeps it open for holdMs, then closes it and exits.
 */
import { openStorage } from '../../src/durability';

const [dir, holdMs = '60000'] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: lock-holder.ts <dir> [holdMs]');

try {
  const storage = await openStorage(dir);
  process.stdout.write('locked\n');
  await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
  await storage.journal.close();
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
}
