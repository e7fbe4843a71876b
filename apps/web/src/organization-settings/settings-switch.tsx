/**
 * One on/off setting of the organization (`orgs.update` of one boolean field), with its
 * label and a hint saying what "on" means; the switch waits for the server's answer.
 */
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { FormError } from '../ui/form-error';
import type { Organization } from './organization-types';
import { useUpdateOrganization } from './use-update-organization';

export function SettingsSwitch({
  organization,
  field,
  label,
  hint,
}: {
  organization: Organization;
  field: 'inviteLinks' | 'sso';
  label: string;
  hint: string;
}) {
  const id = useId();
  const update = useUpdateOrganization();
  return (
    <div className="field">
      <span className="switch-field">
        <Switch.Root
          id={id}
          className="switch"
          checked={organization[field] === true}
          disabled={update.isPending}
          aria-describedby={`${id}-hint`}
          onCheckedChange={(checked) => update.mutate({ organizationId: organization.id, [field]: checked })}
        >
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
        <label htmlFor={id}>{label}</label>
      </span>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      <FormError error={update.error} />
    </div>
  );
}
