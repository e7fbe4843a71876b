/**
 * `tsx bench/gitbook-repositories.ts <repository> [project directory]`: a real GitBook-synced
 * repository (a clone on disk, kept outside the project) imported through Git Sync into a
 * fresh server, then exported at once, over the HTTP API as a person would (issue 27, item 6).
 * Not part of CI: the repositories are other people's and stay outside the project.
 *
 * The repository's `HEAD` is copied into a bare repository in a temporary folder first, so
 * the export writes there and the clone is never touched. Reported:
 * - pages imported, and the time the import took (from the request to the job's success);
 * - pages whose document still shows GitBook's syntax as text (`{%`, `<details`, `<figure`,
 *   ...; code blocks and inline code excluded, where such text is the page's subject), with
 *   the count of pages per construct: the goal is 0;
 * - the files an export made at once changed (`git diff --name-status`): the goal is 0;
 *   and its time.
 * `--json` prints the figures as one JSON line as well; `--pages` lists each page with syntax
 * left, per construct, with the first text showing it. The work is `measureRepository`
 * (`gitbook-repository-measure.ts`).
 *
 * A snapshot brought by a mirror may lack its largest blobs (listed in the tree, absent from
 * the object database): each is replaced by a short placeholder in one commit on top
 * (reported), so the import measures what the repository holds rather than failing on it.
 */
import { measureRepository } from './gitbook-repository-measure';

const [source, projectDirectory] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!source) {
  console.error(
    'usage: tsx bench/gitbook-repositories.ts <repository> [project directory] [--json] [--pages]',
  );
  process.exit(2);
}
const figures = await measureRepository(source, projectDirectory, {
  listPages: process.argv.includes('--pages'),
});
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
