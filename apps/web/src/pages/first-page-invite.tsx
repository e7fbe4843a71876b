/**
 * An empty space's screen: whoever may edit it is invited to write its first page, or to
 * start from a built-in template where edits go live; the others read that nothing is
 * written yet.
 */
import { useState } from 'react';
import { Empty } from '../ui/states';
import { usePageEditing } from './page-editing';
import { TemplateDialog } from './template-dialog';
import './pages.css';

export function FirstPageInvite() {
  const editing = usePageEditing();
  const [template, setTemplate] = useState(false);
  if (!editing?.canEdit)
    return (
      <Empty title="This space has no pages yet">
        <p className="muted">Nothing has been written here yet.</p>
      </Empty>
    );
  const live = editing.target.kind === 'live' && editing.source.kind === 'space';
  return (
    <section className="first-page" aria-labelledby="first-page-title">
      <h1 id="first-page-title">Write the first page</h1>
      <p className="muted">
        This space has no pages yet. Start with a page, a group of pages
        {live ? ', or one of the templates' : ''}.
        {!live && ' It is saved into a new change request, as this space takes no live edits.'}
      </p>
      <div className="first-page-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => editing.open({ kind: 'new', type: 'document', into: null })}
        >
          New page
        </button>
        <button
          type="button"
          className="button"
          onClick={() => editing.open({ kind: 'new', type: 'group', into: null })}
        >
          New group
        </button>
        {live && (
          <button type="button" className="button" onClick={() => setTemplate(true)}>
            Start from a template
          </button>
        )}
      </div>
      {template && <TemplateDialog spaceId={editing.spaceId} onClose={() => setTemplate(false)} />}
    </section>
  );
}
