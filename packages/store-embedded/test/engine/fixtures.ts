/**
 * A schemaless document type for the engine's tests: with the driver's own `Document`,
 * `_id` would have to be an ObjectId.
 */
export interface LooseDoc {
  _id?: string | number;
  // biome-ignore lint/suspicious/noExplicitAny: schemaless on purpose, like the driver's `Document`.
  [field: string]: any;
}
