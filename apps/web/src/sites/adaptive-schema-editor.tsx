/**
 * A site's adaptive content: the claims its visitors carry (the adaptive schema, edited as
 * rows and checked as they change by the domain's own validation), and the conditions the
 * server suggests from them. Admins save the schema; others read it.
 */
import { DEFAULT_ADAPTIVE_SCHEMA, validateAdaptiveSchema } from '@quire/domain/site-conditions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { Empty, QueryState } from '../ui/states';
import { type ClaimRow, problemsOfRows, rowsOfSchema, schemaOfRows } from './claim-rows';
import type { Site } from './site-types';

export function AdaptiveContent({ organizationId, site }: { organizationId: string; site: Site }) {
  const trpc = useTRPC();
  const siteRef = { organizationId, siteId: site.id };
  const schema = useQuery(trpc.sites.adaptiveSchema.get.queryOptions(siteRef));
  return (
    <>
      {!site.adaptiveContent.enabled && (
        <p className="notice">
          Adaptive content is off for this site: conditions apply once it is on (Settings).
        </p>
      )}
      <QueryState query={schema} loading="Loading the adaptive schema…">
        {(data) => {
          const checked = validateAdaptiveSchema(data.jsonSchema);
          return (
            <ClaimsEditor
              key={data.updatedAt ?? 'none'}
              siteRef={siteRef}
              initialRows={rowsOfSchema(checked.ok ? checked.schema : DEFAULT_ADAPTIVE_SCHEMA)}
              canEdit={site.permissions.editAdaptiveSchema}
            />
          );
        }}
      </QueryState>
      <TemplateConditions siteRef={siteRef} />
    </>
  );
}

function ClaimsEditor({
  siteRef,
  initialRows,
  canEdit,
}: {
  siteRef: { organizationId: string; siteId: string };
  initialRows: ClaimRow[];
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initialRows);
  const [saved, setSaved] = useState(false);
  const put = useMutation(
    trpc.sites.adaptiveSchema.put.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.sites.adaptiveSchema.get.queryKey() });
        await queryClient.invalidateQueries({
          queryKey: trpc.sites.adaptiveSchema.templateConditions.queryKey(),
        });
      },
    }),
  );
  const problems = problemsOfRows(rows);
  const change = (index: number, patch: Partial<ClaimRow>) => {
    setSaved(false);
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  };
  return (
    <section className="management-section" aria-labelledby="claims-title">
      <h2 id="claims-title">Visitor claims</h2>
      <p className="muted">
        Each claim is true or false for a visitor. Signed claims come from the token your service signs;
        unsigned ones the visitor may set themselves (never use them to hide anything secret).
      </p>
      {rows.length === 0 ? (
        <Empty title="No claims yet">{canEdit && 'Add a claim, then use it in conditions.'}</Empty>
      ) : (
        <table className="claims-table">
          <caption className="visually-hidden">Visitor claims</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Kind</th>
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // Rows have no identity besides their place: a name may be typed twice.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <td>
                  <input
                    aria-label={`Name of claim ${index + 1}`}
                    value={row.name}
                    readOnly={!canEdit}
                    spellCheck={false}
                    onChange={(event) => change(index, { name: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Description of claim ${index + 1}`}
                    value={row.description}
                    readOnly={!canEdit}
                    onChange={(event) => change(index, { description: event.target.value })}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Kind of claim ${index + 1}`}
                    value={row.unsigned ? 'unsigned' : 'signed'}
                    disabled={!canEdit}
                    onChange={(event) => change(index, { unsigned: event.target.value === 'unsigned' })}
                  >
                    <option value="signed">Signed</option>
                    <option value="unsigned">Unsigned</option>
                  </select>
                </td>
                {canEdit && (
                  <td>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Remove claim ${index + 1}`}
                      onClick={() => {
                        setSaved(false);
                        setRows((current) => current.filter((_, at) => at !== index));
                      }}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problems.length > 0 && (
        <ul className="schema-problems" aria-label="Problems of the schema">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <FormError error={put.error} />
      {canEdit && (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setSaved(false);
              setRows((current) => [...current, { name: '', description: '', unsigned: true }]);
            }}
          >
            Add claim
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={problems.length > 0 || put.isPending}
            onClick={() => put.mutate({ ...siteRef, jsonSchema: schemaOfRows(rows) })}
          >
            Save schema
          </button>
          <span aria-live="polite" className="muted">
            {saved && !put.isPending ? 'Saved.' : ''}
          </span>
        </div>
      )}
    </section>
  );
}

function TemplateConditions({ siteRef }: { siteRef: { organizationId: string; siteId: string } }) {
  const trpc = useTRPC();
  const templates = useQuery(trpc.sites.adaptiveSchema.templateConditions.queryOptions(siteRef));
  return (
    <section className="management-section" aria-labelledby="templates-title">
      <h2 id="templates-title">Ready-made conditions</h2>
      <QueryState
        query={templates}
        loading="Loading the conditions…"
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No conditions to suggest">Add claims to the schema first.</Empty>}
      >
        {(data) => (
          <ul className="management-list" aria-label="Ready-made conditions">
            {data.items.map((template) => (
              <li key={template.condition} className="management-row">
                <span className="management-main">
                  <span>{template.description}</span>
                  <code>{template.condition}</code>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
