/**
 * The claims of a site's adaptive schema as rows a person edits (name, description, signed
 * or not), and back: the JSON Schema the rows make (GitBook's shape: signed claims at the top,
 * unsigned ones under `unsigned`), with what is wrong with it (the domain's own check, plus
 * names given twice, which the object form would silently merge).
 */
import {
  type AdaptiveClaimSchema,
  type AdaptiveSchema,
  claimPathsOf,
  validateAdaptiveSchema,
} from '@quire/domain/site-conditions';

export interface ClaimRow {
  name: string;
  description: string;
  unsigned: boolean;
}

export function rowsOfSchema(schema: AdaptiveSchema): ClaimRow[] {
  return claimPathsOf(schema).map((claim) => ({
    name: claim.name,
    description: claim.description ?? '',
    unsigned: claim.unsigned,
  }));
}

const claimOf = (row: ClaimRow): AdaptiveClaimSchema =>
  row.description.trim() === ''
    ? { type: 'boolean' }
    : { type: 'boolean', description: row.description.trim() };

/** The JSON Schema the rows make (a plain JSON object, as the server takes it). */
export function schemaOfRows(rows: readonly ClaimRow[]): AdaptiveSchema & Record<string, unknown> {
  const signed = rows.filter((row) => !row.unsigned);
  const unsigned = rows.filter((row) => row.unsigned);
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(signed.map((row) => [row.name.trim(), claimOf(row)])),
      unsigned: {
        type: 'object',
        properties: Object.fromEntries(unsigned.map((row) => [row.name.trim(), claimOf(row)])),
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

/** What is wrong with the rows as a schema, in words; empty when they make a valid one. */
export function problemsOfRows(rows: readonly ClaimRow[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '') problems.push('Every claim needs a name.');
    else if (!row.unsigned && name === 'unsigned')
      problems.push('“unsigned” names the group of unsigned claims: choose another name.');
    const key = [row.unsigned ? 'unsigned' : 'signed', name].join(':');
    if (name !== '' && seen.has(key)) problems.push(`The claim “${name}” is named twice.`);
    seen.add(key);
  }
  if (problems.length > 0) return [...new Set(problems)];
  const checked = validateAdaptiveSchema(schemaOfRows(rows));
  return checked.ok ? [] : checked.issues.map((issue) => issue.message);
}
