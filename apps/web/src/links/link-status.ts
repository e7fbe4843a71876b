/**
 * The statuses a link report is filtered by (`?status=` of the links screen). Beside the
 * screens that show them, not in `router.tsx`, which loads those screens.
 */
export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
