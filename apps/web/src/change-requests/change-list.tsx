/**
 * What a change request changes, grouped: pages added, removed, moved, edited (with which
 * settings changed, and the text's change as a line diff of the markdown or rendered, block by
 * block: `rendered-diff.tsx`), and files.
 */
import { type ReactNode, useState } from 'react';
import type { RouterOutputs } from '../api/app-router';
import { Empty } from '../ui/states';
import { LineDiff } from './line-diff';
import { type DiffSources, RenderedDiff } from './rendered-diff';
import '../styles/change-diff.css';

export type RevisionChange = RouterOutputs['spaces']['revisions']['changes']['changes'][number];

type ChangeOf<Type extends RevisionChange['type']> = Extract<RevisionChange, { type: Type }>;

const pageLabel = (page: { title: string; path?: string | undefined }) =>
  `${page.title || 'Untitled'}${page.path ? ` (/${page.path})` : ''}`;

export function ChangeList({
  changes,
  more,
  empty,
  sources,
}: {
  changes: readonly RevisionChange[];
  more?: number | undefined;
  /** What to show when nothing changed (by default, a change request's words). */
  empty?: ReactNode;
  /** Where the rendered blocks before and after are read from (absent: the place shown in). */
  sources?: DiffSources | undefined;
}) {
  if (changes.length === 0)
    return (
      empty ?? <Empty title="No changes yet">The change request has the same content as the space.</Empty>
    );
  const of = <Type extends RevisionChange['type']>(type: Type) =>
    changes.filter((change): change is ChangeOf<Type> => change.type === type);
  const added = of('page_created');
  const removed = of('page_deleted');
  const moved = of('page_moved');
  const edited = of('page_edited');
  const files = changes.filter((change) => change.type.startsWith('file_'));
  return (
    <div className="changes">
      <p className="change-summary">
        {[
          count(added.length, 'page added', 'pages added'),
          count(removed.length, 'page removed', 'pages removed'),
          count(moved.length, 'page moved', 'pages moved'),
          count(edited.length, 'page edited', 'pages edited'),
          count(files.length, 'file changed', 'files changed'),
        ]
          .filter(Boolean)
          .join(', ')}
        {more ? `, and ${more} more not shown` : ''}
      </p>
      {added.length > 0 && (
        <ChangeSection title="Added">
          {added.map((change) => (
            <li key={change.page.id} className="change change-added">
              <span className="change-sign" aria-hidden="true">
                +
              </span>
              {pageLabel(change.page)}
            </li>
          ))}
        </ChangeSection>
      )}
      {removed.length > 0 && (
        <ChangeSection title="Removed">
          {removed.map((change) => (
            <li key={change.page.id} className="change change-removed">
              <span className="change-sign" aria-hidden="true">
                −
              </span>
              {pageLabel(change.page)}
            </li>
          ))}
        </ChangeSection>
      )}
      {moved.length > 0 && (
        <ChangeSection title="Moved">
          {moved.map((change) => (
            <li key={change.page.id} className="change change-moved">
              <span className="change-sign" aria-hidden="true">
                ↪
              </span>
              {pageLabel(change.page)}: from{' '}
              {change.parent.before ? `under ${change.parent.before.title}` : 'the top level'} to{' '}
              {change.parent.after ? `under ${change.parent.after.title}` : 'the top level'}
            </li>
          ))}
        </ChangeSection>
      )}
      {edited.length > 0 && (
        <ChangeSection title="Edited">
          {edited.map((change) => (
            <li key={change.page.id} className="change change-edited">
              <h4 className="change-page">{pageLabel(change.page)}</h4>
              <SettingChanges attributes={change.attributes} />
              {change.diff !== undefined && (
                <TextChange
                  diff={change.diff}
                  title={change.page.title}
                  before={valueText(change.attributes.document?.before)}
                  after={valueText(change.attributes.document?.after)}
                  sources={sources}
                />
              )}
            </li>
          ))}
        </ChangeSection>
      )}
      {files.length > 0 && (
        <ChangeSection title="Files">
          {files.map((change) =>
            'file' in change ? (
              <li key={change.file.id} className="change">
                {change.type === 'file_created'
                  ? 'Added'
                  : change.type === 'file_deleted'
                    ? 'Removed'
                    : 'Changed'}{' '}
                {change.file.name}
              </li>
            ) : null,
          )}
        </ChangeSection>
      )}
    </div>
  );
}

/**
 * An edited page's text: the markdown's line diff, or the blocks rendered (GitBook's tabs,
 * steppers, cards... read as a reader sees them), as the person reviewing chooses.
 */
function TextChange({
  diff,
  title,
  before,
  after,
  sources,
}: {
  diff: string;
  title: string;
  before: string | undefined;
  after: string | undefined;
  sources: DiffSources | undefined;
}) {
  const [rendered, setRendered] = useState(false);
  const canRender = before !== undefined || after !== undefined;
  return (
    <>
      {canRender && (
        <fieldset className="diff-views">
          <legend className="visually-hidden">Show the changes to {title} as</legend>
          <button type="button" aria-pressed={!rendered} onClick={() => setRendered(false)}>
            Markdown
          </button>
          <button type="button" aria-pressed={rendered} onClick={() => setRendered(true)}>
            Rendered
          </button>
        </fieldset>
      )}
      {rendered && canRender ? (
        <RenderedDiff
          before={before ?? ''}
          after={after ?? ''}
          title={title}
          {...(sources ? { sources } : {})}
        />
      ) : (
        <LineDiff diff={diff} title={title} />
      )}
    </>
  );
}

function count(n: number, one: string, many: string): string {
  if (n === 0) return '';
  return `${n} ${n === 1 ? one : many}`;
}

function ChangeSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="change-section">
      <h3>{title}</h3>
      <ul className="change-items">{children}</ul>
    </section>
  );
}

/** The settings of a page that changed (the body is the line diff). */
type EditedAttributes = ChangeOf<'page_edited'>['attributes'];
type AttributeValue = EditedAttributes[string]['before'];

/**
 * A setting's value in words: a link page's target is its address or the page it leads to; a
 * cover, its image's address or file and its position.
 */
function valueText(value: AttributeValue): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  if ('ref' in value) {
    const image = value.ref.kind === 'url' ? value.ref.url : `file ${value.ref.file}`;
    return `${image} at ${value.yPos} px${value.height === undefined ? '' : `, ${value.height} px tall`}`;
  }
  return value.kind === 'url' ? value.url : `page ${value.page}`;
}

function SettingChanges({ attributes }: { attributes: EditedAttributes }) {
  const settings = Object.entries(attributes).filter(([name]) => name !== 'document');
  if (settings.length === 0) return null;
  return (
    <dl className="setting-changes">
      {settings.map(([name, { before, after }]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            <del>{valueText(before) || '(none)'}</del> → <ins>{valueText(after) || '(none)'}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
