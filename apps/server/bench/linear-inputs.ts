/**
 * `tsx bench/linear-inputs.ts` (from apps/server): the readers of GitBook's content whose cost
 * once grew faster than their input (docs/reliability.md, "GitBook's content path attacked"),
 * timed at a size and at four times it. A reader in linear time takes about four times as long
 * at four times the size; the patterns they replaced took 16 (squared) or 64 (cubed) times as
 * long. The tests bound each one's finishing only; this measures. BENCH_RUNS (5) runs per size,
 * the median of the process's CPU time.
 */
import { parseYamlText } from '@quire/documents';
import { leadingHeading } from '../../../packages/domain/src/content/revisions/page-body';
import {
  includeTitle,
  mapIncludeTags,
} from '../../../packages/domain/src/git-sync/reusable-content-includes';
import { readGitbookConfig } from '../src/git-sync/gitbook-config';
import { readSummaryLayout } from '../src/git-sync/summary-layout';
import { readMarkdownPage } from '../src/imports/markdown-page';
import { readSummary } from '../src/imports/summary-contents';
import { parseSpecText } from '../src/openapi/parse-spec-text';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function medianCpuMs(run: () => unknown): number {
  run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const spaces = (count: number) => ' '.repeat(count);
const keys = (count: number) =>
  Array.from({ length: count }, (_, index) => `old/path-${index}: page-${index}.md`).join('\n');
const redirects = (count: number) =>
  `redirects:\n${Array.from({ length: count }, (_, index) => `  old/path-${index}: guides/page-${index}.md\n`).join('')}`;

/** Each reader, given the size `n` of its input. */
const readers: Array<{ name: string; size: number; read: (n: number) => unknown }> = [
  { name: 'YAML mapping of n keys', size: 20_000, read: (n) => parseYamlText(keys(n)) },
  {
    name: 'OpenAPI description (YAML) of n paths',
    size: 20_000,
    read: (n) => parseSpecText(`paths:\n${keys(n).replace(/^/gm, '  ')}\n`, 'spec.yaml'),
  },
  { name: '.gitbook.yaml of n redirects', size: 5_000, read: (n) => readGitbookConfig(redirects(n)) },
  {
    name: 'SUMMARY.md line `* [a](` + n spaces',
    size: 1_000_000,
    read: (n) => {
      readSummary(`* [a](${spaces(n)}x`);
      readSummaryLayout(`* [a](${spaces(n)}x`, 'SUMMARY.md');
    },
  },
  {
    name: "include's heading of n spaces",
    size: 1_000_000,
    read: (n) =>
      includeTitle({ path: '.gitbook/includes/a.md', body: `# Backups${spaces(n)}now\n\nCopy.\n` }),
  },
  {
    name: 'page title heading of n spaces',
    size: 1_000_000,
    read: (n) => readMarkdownPage(`# Install${spaces(n)}now\n\nRun it.\n`, 'Fallback'),
  },
  {
    name: "a page body's leading heading, n spaces",
    size: 1_000_000,
    read: (n) => leadingHeading(`# Install${spaces(n)}now\n\nRun it.\n`),
  },
  {
    name: 'n unclosed include tags',
    size: 200_000,
    read: (n) => mapIncludeTags('{% include "'.repeat(n), () => 'x'),
  },
];

console.log(`${'reader'.padEnd(40)} ${'n'.padStart(8)}  ms at n  ms at 4n  growth (linear 4, squared 16)`);
for (const { name, size, read } of readers) {
  const once = medianCpuMs(() => read(size));
  const four = medianCpuMs(() => read(4 * size));
  console.log(
    `${name.padEnd(40)} ${String(size).padStart(8)} ${once.toFixed(1).padStart(8)} ${four.toFixed(1).padStart(9)}  ${(four / Math.max(once, 0.01)).toFixed(1)}`,
  );
}
