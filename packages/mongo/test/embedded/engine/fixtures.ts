/**
 * A schemaless document type for the engine's tests: with the driver's own `Document`,
 * `_id` would have to be an ObjectId.
 */
// biome-ignore lint/suspicious/noExplicitAny: schemaless on purpose, like the driver's `Document`.
export interface LooseDoc {
  _id?: string | number;
  [field: string]: any;
}
