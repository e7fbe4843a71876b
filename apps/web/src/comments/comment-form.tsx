/** Writing a comment or a reply: markdown in a labelled text area, sent on submit. */
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../ui/form-error';

export function CommentForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Resolves once posted: the text is then cleared. */
  onSubmit: (markdown: string) => Promise<unknown>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    await onSubmit(text);
    setText('');
  };
  return (
    <form className="comment-form" onSubmit={(event) => void submit(event).catch(() => {})}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        placeholder={`${label}…`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending || text.trim() === ''}>
        {submitLabel}
      </button>
    </form>
  );
}
