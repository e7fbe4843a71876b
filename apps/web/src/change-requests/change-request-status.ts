/**
 * The statuses a change request list is filtered by (`?status=` of the change requests
 * screen). Beside the screens that show them, not in `router.tsx`, which loads those screens.
 */
export const CHANGE_REQUEST_STATUSES = ['open', 'draft', 'merged', 'archived'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
