/**
 * A site's adaptive schema: the JSON Schema (draft-07) of the claims its visitors carry, which
 * conditions may read. Quire accepts one shape only, GitBook's for boolean claims:
 *
 *   { type: 'object',
 *     properties: {
 *       unsigned?: { type: 'object', description?, properties: { <name>: Claim }, additionalProperties: false },
 *       <name>: Claim, ... },
 *     additionalProperties: false }
 *   Claim = { type: 'boolean', description? }
 *
 * `unsigned` groups the claims a visitor may set without a signature (URL parameters,
 * cookies); the others come from the signed visitor token. The top level may also carry
 * `$schema`, `title` and `description`.
 */

export interface AdaptiveClaimSchema {
  type: 'boolean';
  description?: string;
}

export interface AdaptiveUnsignedSchema {
  type: 'object';
  description?: string;
  properties: Record<string, AdaptiveClaimSchema>;
  additionalProperties: false;
}

export interface AdaptiveSchema {
  $schema?: string;
  title?: string;
  description?: string;
  type: 'object';
  /** `unsigned` (when present) is an `AdaptiveUnsignedSchema`; every other property a claim. */
  properties: Record<string, AdaptiveClaimSchema | AdaptiveUnsignedSchema>;
  additionalProperties: false;
}

export const UNSIGNED_PROPERTY = 'unsigned';

export const ADAPTIVE_SCHEMA_LIMITS = {
  /** Claims in all, signed and unsigned. */
  maxClaims: 100,
  maxDescriptionLength: 256,
  /** Issues reported for one schema: the first ones are enough to act on. */
  maxIssues: 20,
} as const;

export const CLAIM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The schema of a site that never set one: no claims at all. */
export const DEFAULT_ADAPTIVE_SCHEMA: AdaptiveSchema = {
  type: 'object',
  properties: {
    unsigned: { type: 'object', properties: {}, additionalProperties: false },
  },
  additionalProperties: false,
};

export interface ClaimPath {
  /** The way a condition reads the claim: `visitor.claims.unsigned.betaUser`. */
  path: string;
  /** The claim's own name: `betaUser`. */
  name: string;
  unsigned: boolean;
  description?: string;
}

export const isUnsignedGroup = (
  property: AdaptiveClaimSchema | AdaptiveUnsignedSchema,
): property is AdaptiveUnsignedSchema => property.type === 'object';

/** Every claim a condition may read, the signed ones first, each group in the schema's order. */
export function claimPathsOf(schema: AdaptiveSchema): ClaimPath[] {
  const signed: ClaimPath[] = [];
  const unsigned: ClaimPath[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    if (isUnsignedGroup(property)) {
      for (const [claim, claimSchema] of Object.entries(property.properties)) {
        unsigned.push({
          path: 'visitor.claims.unsigned.' + claim,
          name: claim,
          unsigned: true,
          ...(claimSchema.description === undefined ? {} : { description: claimSchema.description }),
        });
      }
    } else {
      signed.push({
        path: 'visitor.claims.' + name,
        name,
        unsigned: false,
        ...(property.description === undefined ? {} : { description: property.description }),
      });
    }
  }
  return [...signed, ...unsigned];
}
