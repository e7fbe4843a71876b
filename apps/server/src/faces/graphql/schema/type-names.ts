/**
 * The names of derived types: from `.meta({ id })`, or from where a schema appears
 * (`OrgsMembersListItem`), unique in the schema; and enum values made valid GraphQL names.
 */

/** `orgs.members.list` -> `OrgsMembersList`, `share-link` -> `ShareLink`. */
export const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** An enum value's GraphQL name (`share-link` -> `share_link`); its value stays the wire value. */
export const enumValueName = (value: string): string => {
  const name = value.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
};

/** Whether an object key can be a GraphQL field name as it is (others are left out). */
export const isFieldName = (key: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key);

/** Names must be unique in a schema: the same name for a different zod schema gets a suffix. */
export class TypeNames {
  readonly #taken = new Set<string>();

  /** The names of the types the builder and the Relay plugin define themselves. */
  constructor(reserved: readonly string[] = ['Query', 'Mutation', 'Node', 'PageInfo', 'JSON']) {
    for (const name of reserved) this.claim(name);
  }

  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.#taken.has(candidate); n++) candidate = `${name}${n}`;
    this.#taken.add(candidate);
    return candidate;
  }
}
