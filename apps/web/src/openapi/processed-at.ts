/** When a spec was last processed, as a person reads it: "Mar 4, 2026, 10:12". */
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const processedAt = (iso: string): string => FORMAT.format(new Date(iso));
