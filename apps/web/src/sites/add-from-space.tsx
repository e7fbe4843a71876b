/**
 * A small form that adds something made from a space of the organization: a section, or a
 * site space (a variant) in a section or at the site's root. The server's refusal is shown
 * under it.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { FormError } from '../ui/form-error';

export function AddFromSpace({
  organizationId,
  label,
  hideLabel = false,
  placeholder = 'Choose a space',
  submitLabel,
  pending,
  error,
  onAdd,
}: {
  organizationId: string;
  /** The picker's label, e.g. "Space for a new section". */
  label: string;
  /** Keeps the label for assistive technologies only (a form repeated in each row). */
  hideLabel?: boolean;
  /** What the picker shows before a space is chosen. */
  placeholder?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onAdd: (spaceId: string) => void;
}) {
  const trpc = useTRPC();
  const id = useId();
  const spaces = useQuery(trpc.spaces.list.queryOptions({ organizationId, limit: 1000 }));
  const [spaceId, setSpaceId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (spaceId !== '') onAdd(spaceId);
  };
  return (
    <form
      className={hideLabel ? 'inline-form add-from-space compact' : 'inline-form add-from-space'}
      onSubmit={submit}
    >
      <span className="picker">
        <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
          {label}
        </label>
        <select id={id} value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
          <option value="">{spaces.isPending ? 'Loading spaces…' : placeholder}</option>
          {spaces.data?.items.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title || 'Untitled space'}
            </option>
          ))}
        </select>
      </span>
      <button type="submit" className="button" disabled={pending || spaceId === ''}>
        {submitLabel}
      </button>
      <FormError error={error ?? spaces.error} />
    </form>
  );
}
