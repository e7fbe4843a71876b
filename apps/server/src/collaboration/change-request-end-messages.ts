/**
 * Two stateless messages about a change request's end (`PageSession.settle`, `liveEdits`).
 *
 * The first asks a page's editors to report its markdown at once (`report` of
 * `shared-state.ts`), rather than once the typing pauses: sent when the page's change request
 * is about to be merged or archived (`PageSession.settle`). The web app's editor answers it
 * (`markdown-report.ts`); a reader's editor, which never reports, ignores it.
 */
export const REPORT_REQUEST = JSON.stringify({ type: 'report' });

/**
 * The second tells the editors why they go read only next (the access message of
 * `seat-recheck.ts` follows): the change request was merged or archived, so the web app says
 * that, not that their access changed.
 */
export const endedMessage = (status: 'merged' | 'archived'): string =>
  JSON.stringify({ type: 'ended', status });
