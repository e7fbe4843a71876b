/** The line-by-line three-way merge of page bodies (rule 4 of `mergePages`). */
import { type LineChange, lineChanges } from './line-changes';

export type MarkdownMerge = { merged: true; markdown: string } | { merged: false };

/**
 * Texts are cut at each '\n' and joined back with it, so every text survives the round trip
 * exactly: a trailing newline is an empty last line (adding or removing it is an edit of the
 * end of the text) and the empty text is one empty line.
 */
const linesOf = (text: string): string[] => text.split('\n');

/** A stretch of base lines that both sides' changes may cover, with each side's changes in it. */
interface Region {
  start: number;
  end: number;
  ours: LineChange[];
  theirs: LineChange[];
}

/**
 * The changes of both sides grouped into regions: changes that overlap or touch (no
 * unchanged base line between them) share a region, as diff3 groups its hunks.
 */
function regionsOf(ours: LineChange[], theirs: LineChange[]): Region[] {
  const tagged = [
    ...ours.map((change) => ({ change, side: 'ours' as const })),
    ...theirs.map((change) => ({ change, side: 'theirs' as const })),
  ].sort((a, b) => a.change.start - b.change.start);
  const regions: Region[] = [];
  let region: Region | undefined;
  for (const { change, side } of tagged) {
    if (!region || change.start > region.end) {
      region = { start: change.start, end: change.end, ours: [], theirs: [] };
      regions.push(region);
    }
    region.end = Math.max(region.end, change.end);
    region[side].push(change);
  }
  return regions;
}

/** The region's base lines with one side's changes made. */
function sideOf(base: string[], region: Region, changes: LineChange[]): string[] {
  const pieces: string[][] = [];
  let at = region.start;
  for (const change of changes) {
    pieces.push(base.slice(at, change.start), change.lines);
    at = change.end;
  }
  pieces.push(base.slice(at, region.end));
  return pieces.flat();
}

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

/**
 * Merges two edits of a body the way diff3 does. Only one side changed the text: that
 * side's text, without diffing. Otherwise each side is diffed against the base and the
 * changes combine where they are apart. Both sides making the same change is no conflict.
 * Changes that overlap, or touch with no unchanged line between them, are not merged: as in
 * GNU diff3 and Git, two edits of neighbouring lines need a person to read them together.
 * Neither is a side that made more than MAX_LINE_EDITS line edits (see line-changes.ts).
 *
 * Why not node-diff3: its LCS (Hunt–McIlroy with a linear scan of candidates) grows with the
 * cube of the number of repeated lines, and markdown repeats its blank lines: 800 lines with
 * a blank line between paragraphs took 0.8 s to merge, 1,600 about ten times that. The
 * two-way diffs come from the `diff` package (Myers, bounded above) and the grouping below
 * is diff3's own rule.
 */
export function mergeMarkdown(
  base: string,
  ours: string,
  theirs: string,
  options: {
    /**
     * Where both sides changed the same lines differently: no merge (`refuse`, diff3's), or
     * our lines there and both sides' changes everywhere else (`ours`: a co-edited page saved
     * over an edit that came meanwhile keeps that edit's other changes).
     */
    conflicts?: 'refuse' | 'ours';
  } = {},
): MarkdownMerge {
  if (ours === theirs || theirs === base) return { merged: true, markdown: ours };
  if (ours === base) return { merged: true, markdown: theirs };
  const baseLines = linesOf(base);
  const oursChanges = lineChanges(baseLines, linesOf(ours));
  const theirsChanges = lineChanges(baseLines, linesOf(theirs));
  if (!oursChanges || !theirsChanges) return { merged: false };

  // Pieces joined once at the end: spreading a long text into push() would overflow the stack.
  const merged: string[][] = [];
  let at = 0;
  for (const region of regionsOf(oursChanges, theirsChanges)) {
    const oursLines = sideOf(baseLines, region, region.ours);
    const theirsLines = sideOf(baseLines, region, region.theirs);
    const bothChanged = region.ours.length > 0 && region.theirs.length > 0;
    if (bothChanged && !sameLines(oursLines, theirsLines) && options.conflicts !== 'ours')
      return { merged: false };
    merged.push(baseLines.slice(at, region.start), region.ours.length > 0 ? oursLines : theirsLines);
    at = region.end;
  }
  merged.push(baseLines.slice(at));
  return { merged: true, markdown: merged.flat().join('\n') };
}
