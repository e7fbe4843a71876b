/** What a translation's runs did, in words: "3 runs · 120 pages · 4,312 words · last run 12 s, 4 pages". */
import type { TranslationStats } from './translation-types';

const numbers = new Intl.NumberFormat('en-US');

const counted = (count: number, one: string, many: string): string =>
  `${numbers.format(count)} ${count === 1 ? one : many}`;

export function statsInWords(stats: TranslationStats): string {
  if (stats.runs === 0) return 'Never run';
  return [
    counted(stats.runs, 'run', 'runs'),
    counted(stats.totalPages, 'page', 'pages'),
    counted(stats.totalWords, 'word', 'words'),
    `last run ${numbers.format(stats.latestRunDuration)} s, ${counted(stats.latestPages, 'page', 'pages')}`,
  ].join(' · ');
}
