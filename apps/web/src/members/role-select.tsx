/**
 * A role picker: the platform's `<select>` (keyboard and screen readers know it everywhere),
 * labelled by `label` (visible or not).
 */
import { useId } from 'react';
import { ROLES, type RoleOrGuest, roleLabelOf, roleOfValue, roleValueOf } from './roles';

export function RoleSelect({
  label,
  value,
  onChange,
  allowGuest = false,
  hideLabel = false,
  disabled = false,
}: {
  label: string;
  value: RoleOrGuest;
  onChange: (role: RoleOrGuest) => void;
  allowGuest?: boolean;
  hideLabel?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <span className="role-select">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        value={roleValueOf(value)}
        disabled={disabled}
        onChange={(event) => onChange(roleOfValue(event.target.value))}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabelOf(role)}
          </option>
        ))}
        {allowGuest && <option value="">{roleLabelOf(null)}</option>}
      </select>
    </span>
  );
}
