/** Prints rows as aligned columns, headers first; empty cells show as "-". */
export function printTable(
  out: (text: string) => void,
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | undefined>>,
): void {
  const cells = [headers, ...rows.map((row) => row.map((cell) => cell || '-'))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  for (const row of cells) {
    const line = row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
    out(`${line.trimEnd()}\n`);
  }
}
