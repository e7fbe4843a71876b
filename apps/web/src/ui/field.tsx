/**
 * A labelled form field: the label, the control, an optional hint tied to it, and the
 * server's refusal of its value when there is one (tied to it too, the control marked invalid).
 */
import { type InputHTMLAttributes, useId } from 'react';

export function Field({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        {...(error ? { 'aria-invalid': true } : {})}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
