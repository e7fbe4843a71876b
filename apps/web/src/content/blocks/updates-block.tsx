/**
 * GitBook's updates: a changelog, each entry with its date (in the block's format: a full
 * date, a short one, or numeric) and its tags, then its blocks. Entries are articles headed
 * by their date, so a reader can move from one to the next.
 */

import { type DocBlock, refOf, stringOf } from './document-shape';
import { Blocks } from './nested-blocks';

const FORMATS: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  full: { year: 'numeric', month: 'long', day: 'numeric' },
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit' },
};

/** A date as the block's format says, in UTC (an update's day is the day written). */
export function updateDate(date: string | undefined, format: string): string {
  if (!date) return 'Undated';
  const time = Date.parse(date);
  if (Number.isNaN(time)) return date;
  return new Intl.DateTimeFormat('en', { ...(FORMATS[format] ?? FORMATS.full), timeZone: 'UTC' }).format(
    time,
  );
}

export function UpdatesBlock({ block }: { block: DocBlock }) {
  const format = stringOf(block.data, 'format') ?? 'full';
  const updates = (block.nodes ?? []).filter(
    (node): node is DocBlock => node.object === 'block' && node.type === 'update',
  );
  return (
    <div className="doc-updates">
      {updates.map((update, index) => {
        const date = stringOf(update.data, 'date');
        const tags = (Array.isArray(update.data?.tags) ? update.data.tags : [])
          .map(refOf)
          .filter((ref) => ref?.kind === 'tag')
          .map((ref) => (ref as { tag: string }).tag);
        return (
          <article key={update.key ?? index} className="doc-update">
            <header className="doc-update-header">
              <time dateTime={date && !Number.isNaN(Date.parse(date)) ? date : undefined}>
                {updateDate(date, format)}
              </time>
              {tags.length > 0 && (
                <ul className="doc-update-tags" aria-label="Tags">
                  {tags.map((tag) => (
                    <li key={tag} className="doc-tag">
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
            </header>
            <div className="doc-update-body">
              <Blocks blocks={update.nodes} />
            </div>
          </article>
        );
      })}
    </div>
  );
}
