/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A page's readers' tools (issue 29, item 6): its actions beside the title — "View as markdown"
 * (a link: it works with no script) and "Copy page" (the page's script copies the markdown) —
 * and, under the page, "Was this helpful?" (good, ok, bad, then an optional comment), sent by the
 * page's script as insights events. What needs the script is `hidden` until the script shows it.
 */
import type { ReaderCustomization, ReaderPageTools } from './reader-model';

/** The site offers the page's markdown (GitBook's `markdown` page action). */
const offersMarkdown = (customization: ReaderCustomization): boolean =>
  customization.pageActions === undefined || customization.pageActions.items.includes('markdown');

export function PageActions({
  tools,
  customization,
}: {
  tools: ReaderPageTools | undefined;
  customization: ReaderCustomization;
}) {
  const markdown = tools?.markdownHref;
  if (markdown === undefined || !offersMarkdown(customization)) return null;
  return (
    <div className="page-actions">
      <button type="button" className="page-action" data-copy-page={markdown} hidden>
        Copy page
      </button>
      <a className="page-action" href={markdown} type="text/markdown">
        View as markdown
      </a>
    </div>
  );
}

/** GitBook's three ratings, in words (no emoji: not every reader's fonts have them). */
const RATINGS = [
  { rating: 'good', label: 'Yes' },
  { rating: 'ok', label: 'Somewhat' },
  { rating: 'bad', label: 'No' },
] as const;

export function PageFeedback({
  tools,
  customization,
}: {
  tools: ReaderPageTools | undefined;
  customization: ReaderCustomization;
}) {
  if (tools?.eventsHref === undefined || customization.feedback?.enabled !== true) return null;
  return (
    <form className="page-feedback" data-feedback hidden aria-labelledby="feedback-question">
      <p id="feedback-question" className="feedback-question">
        Was this page helpful?
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset's inputs */}
      <div className="feedback-ratings" role="group" aria-labelledby="feedback-question">
        {RATINGS.map((item) => (
          <button
            key={item.rating}
            type="button"
            className="feedback-rating"
            data-rating={item.rating}
            aria-pressed="false"
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="feedback-more" hidden>
        <label htmlFor="feedback-comment">Anything to add? (optional)</label>
        <textarea id="feedback-comment" name="comment" rows={3} maxLength={512} />
        <button type="submit" className="button primary">
          Send
        </button>
      </div>
      <p className="feedback-status" role="status" />
    </form>
  );
}
