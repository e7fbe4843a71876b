/**
 * The condition of a section or a site space, checked as it is typed against the site's
 * adaptive schema (the same parser and check as the server's): the problem is shown under the
 * field, and the caller keeps its Save button disabled while there is one. Empty means no
 * condition: every visitor sees the item.
 */
import {
  type AdaptiveSchema,
  claimPathsOf,
  compileCondition,
  DEFAULT_ADAPTIVE_SCHEMA,
  validateAdaptiveSchema,
} from '@quire/domain/site-conditions';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../api/trpc';

/** What is wrong with `text` as a condition over `schema`; null when it is fine (or empty). */
export function conditionProblemOf(text: string, schema: AdaptiveSchema): string | null {
  if (text.trim() === '') return null;
  const compiled = compileCondition(text, schema);
  return compiled.ok ? null : compiled.message;
}

/**
 * The schema conditions of the site are checked against: its own, or the default one (no
 * claims) when it has none; undefined while it loads.
 */
export function useConditionSchema(organizationId: string, siteId: string): AdaptiveSchema | undefined {
  const trpc = useTRPC();
  const schema = useQuery(trpc.sites.adaptiveSchema.get.queryOptions({ organizationId, siteId }));
  if (schema.isPending) return undefined;
  if (!schema.data) return DEFAULT_ADAPTIVE_SCHEMA;
  const checked = validateAdaptiveSchema(schema.data.jsonSchema);
  return checked.ok ? checked.schema : DEFAULT_ADAPTIVE_SCHEMA;
}

export function ConditionField({
  value,
  onChange,
  schema,
}: {
  value: string;
  onChange: (value: string) => void;
  schema: AdaptiveSchema | undefined;
}) {
  const id = useId();
  const problem = schema ? conditionProblemOf(value, schema) : null;
  const claims = schema ? claimPathsOf(schema) : [];
  return (
    <div className="field">
      <label htmlFor={id}>Condition</label>
      <input
        id={id}
        className="condition-input"
        value={value}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint ${id}-problem`}
        placeholder="visitor.claims.unsigned.betaUser == true"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        Only visitors for whom it is true see this. Empty: every visitor.{' '}
        {claims.length === 0
          ? 'The site’s adaptive schema names no claim yet.'
          : `Claims: ${claims.map((claim) => claim.path).join(', ')}.`}
      </p>
      <p id={`${id}-problem`} className="condition-problem" aria-live="polite">
        {problem}
      </p>
    </div>
  );
}
