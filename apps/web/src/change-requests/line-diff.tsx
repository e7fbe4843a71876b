/**
 * A line diff as a table: line numbers before and after, then the line, marked as added or
 * removed by a sign and by words for screen readers, not by colour alone; a GitBook block's
 * tag line (`{% tabs %}`, `<details>`...) also says in words which block it opens or closes.
 */
import '../styles/change-diff.css';
import { blockLineLabel } from './block-line-label';
import { diffRowsOf } from './unified-diff';

/** A GitBook block's tag line says what it is, beside its text (`block-line-label.ts`). */
function BlockLabel({ text }: { text: string }) {
  const label = blockLineLabel(text);
  return label ? <span className="diff-block-label"> {label}</span> : null;
}

export function LineDiff({ diff, title }: { diff: string; title: string }) {
  const rows = diffRowsOf(diff);
  if (rows.length === 0) return <p className="muted">The text is unchanged.</p>;
  return (
    <div className="line-diff-scroller">
      <table className="line-diff">
        <caption className="visually-hidden">Changes to the text of {title}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Line before</th>
            <th scope="col">Line after</th>
            <th scope="col">Change</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = `${index}`;
            if (row.kind === 'hunk')
              return (
                <tr key={key} className="diff-hunk">
                  <td colSpan={4}>{row.text}</td>
                </tr>
              );
            return (
              <tr key={key} className={`diff-${row.kind}`}>
                <td className="diff-number">{row.kind === 'added' ? '' : row.oldLine}</td>
                <td className="diff-number">{row.kind === 'removed' ? '' : row.newLine}</td>
                <td className="diff-marker">
                  <span aria-hidden="true">
                    {row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ''}
                  </span>
                  <span className="visually-hidden">{row.kind}</span>
                </td>
                <td className="diff-text">
                  {row.text}
                  <BlockLabel text={row.text} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
