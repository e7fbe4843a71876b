/**
 * A unified line diff (as the server writes it for an edited page's markdown) as rows to
 * show: each line added, removed or unchanged with its line numbers before and after, and a
 * row for each hunk's header. File headers (`---`, `+++`, `Index:`, `===`) are left out.
 */
export type DiffRow =
  | { kind: 'hunk'; text: string }
  | { kind: 'added'; text: string; newLine: number }
  | { kind: 'removed'; text: string; oldLine: number }
  | { kind: 'unchanged'; text: string; oldLine: number; newLine: number };

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$/;

export function diffRowsOf(diff: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  for (const line of diff.split('\n')) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      inHunk = true;
      rows.push({ kind: 'hunk', text: line });
      continue;
    }
    if (!inHunk || line.startsWith('\\')) continue;
    const marker = line[0];
    const text = line.slice(1);
    if (marker === '+') rows.push({ kind: 'added', text, newLine: newLine++ });
    else if (marker === '-') rows.push({ kind: 'removed', text, oldLine: oldLine++ });
    else if (marker === ' ') rows.push({ kind: 'unchanged', text, oldLine: oldLine++, newLine: newLine++ });
  }
  return rows;
}
