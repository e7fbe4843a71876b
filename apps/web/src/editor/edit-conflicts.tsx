/**
 * A save refused because the page changed where it was saved to, since the version the
 * edit was made from, in the same places (the server's `conflicts`): which pages and what
 * of them, that nothing was saved and the edit is still in the editor, and a way to load
 * the latest version to redo it there.
 */
import type { ContentConflict } from '../api/content-conflicts';

const FIELD_NAMES: Readonly<Record<string, string>> = {
  markdown: 'the same lines of its text',
  title: 'its title',
  emoji: 'its emoji',
  icon: 'its icon',
  description: 'its description',
  hidden: 'whether it is hidden',
  cover: 'its cover',
  parentId: 'its place',
  page: 'the page itself (deleted on one side, edited on the other)',
};

export function EditConflicts({
  conflicts,
  where,
  titleOf,
  message,
  onReload,
}: {
  conflicts: readonly ContentConflict[];
  /** Where the save went: "the space", "change request #3". */
  where: string;
  titleOf: (pageId: string) => string | undefined;
  /** The server's message (it names the pages by title). */
  message: string;
  onReload: () => void;
}) {
  return (
    <div className="state state-error edit-conflicts" role="alert">
      <p className="state-title">Not saved: {where} changed since you started, in the same places</p>
      <ul>
        {conflicts.map((conflict) => (
          <li key={`${conflict.page}-${conflict.field}`}>
            {titleOf(conflict.page) ?? 'Page ' + conflict.page}:{' '}
            {FIELD_NAMES[conflict.field] ?? conflict.field} <span className="muted">({conflict.reason})</span>
          </li>
        ))}
      </ul>
      <p className="muted">{message}</p>
      <p>
        Your edit is still in the editor. Copy what you need, then load the latest version and redo it there.
      </p>
      <button type="button" className="button" onClick={onReload}>
        Load the latest version (drops your edit)
      </button>
    </div>
  );
}
