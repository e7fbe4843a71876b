/**
 * The names files get under `.gitbook/assets/`: the file's own name made safe for any file
 * system (no `/`, `\`, control characters, leading dots), unique ignoring case
 * (`diagram.png`, `diagram-2.png`), and none of `taken` (lowercase names already in the
 * folder). Given in name order, then id, so the same files always
 * get the same names whatever order they come in.
 */
import type { ExportedFile } from './exported-content';

export function assetNamesOf(
  files: readonly ExportedFile[],
  taken: Set<string> = new Set(),
): Map<string, string> {
  const names = new Map<string, string>();
  const sorted = [...files].sort((a, b) =>
    a.name !== b.name ? (a.name < b.name ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  for (const file of sorted) {
    const wanted = safeName(file.name);
    const dot = wanted.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
    let candidate = wanted;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${extension}`;
    taken.add(candidate.toLowerCase());
    names.set(file.id, candidate);
  }
  return names;
}

function safeName(name: string): string {
  const safe = name
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, '-')
    .replace(/^[.\s-]+|\s+$/g, '')
    .slice(0, 200);
  return safe === '' ? 'file' : safe;
}
