/**
 * The stateless message asking a page's editors to report its markdown at once (`report` of
 * `shared-state.ts`), rather than once the typing pauses: sent when the page's change request
 * is about to be merged or archived (`PageSession.settle`). The web app's editor answers it
 * (`markdown-report.ts`); a reader's editor, which never reports, ignores it.
 */
export const REPORT_REQUEST = JSON.stringify({ type: 'report' });
