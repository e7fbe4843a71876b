/**
 * The source of new ids. Ids are opaque strings on the wire; the server's implementation
 * makes them time-ordered so that "by id" is also "by creation", which lets most lists page
 * on `_id` alone.
 */
export interface IdSource {
  newId(): string;
}
