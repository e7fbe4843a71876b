/** A site's visibility picker: the platform's `<select>`, with what the chosen one means. */
import { useId } from 'react';
import type { SiteVisibility } from './site-types';
import { VISIBILITIES, VISIBILITY_HINTS, VISIBILITY_LABELS } from './visibility';

export function VisibilitySelect({
  value,
  onChange,
  disabled = false,
}: {
  value: SiteVisibility;
  onChange: (visibility: SiteVisibility) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Visibility</label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as SiteVisibility)}
      >
        {VISIBILITIES.map((visibility) => (
          <option key={visibility} value={visibility}>
            {VISIBILITY_LABELS[visibility]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        {VISIBILITY_HINTS[value]}
      </p>
    </div>
  );
}
