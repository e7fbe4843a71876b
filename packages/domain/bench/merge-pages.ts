/**
 * Micro-benchmark of the three-way page merge (not part of the tests):
 *   cd packages/domain && npx tsx bench/merge-pages.ts
 * A space of 50 groups of 100 pages (5,050 pages, bodies of 40 lines). Ours (the space)
 * edits 100 pages, theirs (the change request) edits 100 pages, 20 of them the same pages
 * as ours in other lines (so diff3 runs), renames 10, moves 10 to another group and adds
 * 10. Each of the three revisions holds its own copies of the pages, as if read apart from
 * storage, so no comparison is settled by object identity. Prints the CPU time of one
 * `mergePages` call: median and slowest of the measured runs.
 */
import { mergePages } from '../src/content/revisions/merge-pages';
import type { PageSet, PageState } from '../src/content/revisions/page-state';

const GROUPS = 50;
const PER_GROUP = 100;
const LINES = 40;
const RUNS = 30;

const key = (i: number) => 'a' + String(i).padStart(4, '0');
const body = (id: string) =>
  Array.from({ length: LINES }, (_, line) =>
    line % 10 === 0
      ? '## Section ' + line + ' of ' + id
      : 'Line ' + line + ' of ' + id + ', some prose to read.',
  ).join('\n') + '\n';

function space(): Map<string, PageState> {
  const pages = new Map<string, PageState>();
  for (let g = 0; g < GROUPS; g++) {
    const groupId = 'group-' + g;
    pages.set(groupId, {
      id: groupId,
      parentId: null,
      position: key(g),
      title: 'Group ' + g,
      slug: groupId,
      hidden: false,
      markdown: body(groupId),
    });
    for (let p = 0; p < PER_GROUP; p++) {
      const id = 'page-' + g + '-' + p;
      pages.set(id, {
        id,
        parentId: groupId,
        position: key(p),
        title: 'Page ' + p,
        slug: id,
        hidden: false,
        markdown: body(id),
      });
    }
  }
  return pages;
}

const editLine = (markdown: string, line: number, text: string) => {
  const lines = markdown.split('\n');
  lines[line] = text;
  return lines.join('\n');
};

/** A deep copy: every page its own object, every body its own string. */
const copy = (pages: PageSet) =>
  new Map([...pages].map(([id, p]) => [id, { ...p, markdown: p.markdown.split('').join('') }]));

const base = space();
const ours = copy(base);
const theirs = copy(base);
for (let i = 0; i < 100; i++) {
  const id = 'page-' + (i % GROUPS) + '-' + Math.floor(i / GROUPS);
  const page = ours.get(id)!;
  ours.set(id, { ...page, markdown: editLine(page.markdown, 3, 'Edited in the space') });
}
for (let i = 80; i < 180; i++) {
  const id = 'page-' + (i % GROUPS) + '-' + Math.floor(i / GROUPS);
  const page = theirs.get(id)!;
  theirs.set(id, { ...page, markdown: editLine(page.markdown, 30, 'Edited in the change request') });
}
for (let i = 0; i < 10; i++) {
  const renamed = theirs.get('page-' + i + '-50')!;
  theirs.set(renamed.id, { ...renamed, title: 'Renamed ' + i });
  const moved = theirs.get('page-' + i + '-60')!;
  theirs.set(moved.id, { ...moved, parentId: 'group-' + (i + 1), position: key(100 + i) });
  const id = 'new-' + i;
  theirs.set(id, { ...renamed, id, slug: id, title: 'New ' + i, position: key(200 + i) });
}

const times: number[] = [];
let result = mergePages(base, ours, theirs);
for (let run = 0; run < 5 + RUNS; run++) {
  const start = process.hrtime.bigint();
  result = mergePages(base, ours, theirs);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run >= 5) times.push(ms);
}
times.sort((a, b) => a - b);

if (result.result !== 'merge')
  throw new Error('the benchmark merge conflicted: ' + JSON.stringify(result.conflicts));
const merged = result.pages;
const bothEdited = merged.get('page-30-1')!.markdown;
if (!bothEdited.includes('Edited in the space') || !bothEdited.includes('Edited in the change request')) {
  throw new Error('the merge lost an edit');
}
console.log(
  'mergePages, ' +
    base.size +
    ' pages, 100 + 130 changed pages (20 edited on both sides): ' +
    'median ' +
    times[Math.floor(times.length / 2)]!.toFixed(2) +
    ' ms, slowest ' +
    times.at(-1)!.toFixed(2) +
    ' ms' +
    ' (' +
    merged.size +
    ' merged pages, ' +
    RUNS +
    ' runs)',
);
