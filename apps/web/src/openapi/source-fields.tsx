/**
 * Where an upload comes from: a URL for Quire to fetch, or the description pasted as text
 * (JSON or YAML). The server's refusal of the source shows on the field it concerns.
 */
import { useId } from 'react';
import { Field } from '../ui/field';
import type { SpecSource } from './spec-types';

export type SourceKind = 'url' | 'text';

export interface SourceDraft {
  kind: SourceKind;
  url: string;
  text: string;
}

export const EMPTY_SOURCE: SourceDraft = { kind: 'url', url: '', text: '' };

/** The source to send: the URL trimmed, or the text as pasted. */
export const sourceOf = (draft: SourceDraft): SpecSource =>
  draft.kind === 'url' ? { url: draft.url.trim() } : { text: draft.text };

export function SourceFields({
  draft,
  onChange,
  error,
}: {
  draft: SourceDraft;
  onChange: (draft: SourceDraft) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <>
      <fieldset className="source-kinds">
        <legend>Source</legend>
        <label className="checkbox-field">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.kind === 'url'}
            onChange={() => onChange({ ...draft, kind: 'url' })}
          />
          From a URL
        </label>
        <label className="checkbox-field">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.kind === 'text'}
            onChange={() => onChange({ ...draft, kind: 'text' })}
          />
          Paste the description
        </label>
      </fieldset>
      {draft.kind === 'url' ? (
        <Field
          label="URL"
          name="url"
          type="url"
          required
          placeholder="https://example.com/openapi.yaml"
          hint="Quire fetches it (http or https; files it references next to it are fetched too)."
          error={error}
          value={draft.url}
          onChange={(event) => onChange({ ...draft, url: event.target.value })}
        />
      ) : (
        <div className="field">
          <label htmlFor={`${id}-text`}>Description</label>
          <textarea
            id={`${id}-text`}
            name="text"
            required
            rows={10}
            className="source-text"
            spellCheck={false}
            aria-describedby={error ? `${id}-text-hint ${id}-text-error` : `${id}-text-hint`}
            {...(error ? { 'aria-invalid': true } : {})}
            value={draft.text}
            onChange={(event) => onChange({ ...draft, text: event.target.value })}
          />
          <p id={`${id}-text-hint`} className="field-hint">
            OpenAPI 3.0 or 3.1, or Swagger 2.0, as JSON or YAML.
          </p>
          {error && (
            <p id={`${id}-text-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
      )}
    </>
  );
}
