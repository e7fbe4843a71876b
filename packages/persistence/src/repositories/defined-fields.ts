/**
 * Drops undefined values from an update: the driver would store them as nulls (and the
 * embedded engine drops them), so a `$set` carries only the fields actually given.
 */
export function definedFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
