/**
 * Joining by email domain (admins): people whose address is in one of these domains may find
 * the organization and join it with the default role. A domain is checked before it is sent;
 * adding or removing one sends the whole list (`orgs.update` replaces it).
 */
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../ui/form-error';
import type { Organization } from './organization-types';
import { emailDomainProblem, normalizedDomain } from './settings-validation';
import { useUpdateOrganization } from './use-update-organization';

export function EmailDomains({ organization }: { organization: Organization }) {
  const id = useId();
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateOrganization({ onSuccess: () => setDomain('') });
  const domains = organization.emailDomains;
  const save = (emailDomains: string[]) => update.mutate({ organizationId: organization.id, emailDomains });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const found = emailDomainProblem(domain, domains);
    setProblem(found);
    if (!found) save([...domains, normalizedDomain(domain)]);
  };
  return (
    <section className="management-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Email domains</h2>
      <p className="muted">
        People whose email address is in one of these domains can join {organization.title} by themselves,
        with the role of people who join.
      </p>
      {domains.length > 0 && (
        <ul className="management-list" aria-label="Email domains">
          {domains.map((name) => (
            <li key={name} className="management-row">
              <span className="management-main">{name}</span>
              <button
                type="button"
                className="button button-small"
                disabled={update.isPending}
                aria-label={`Remove ${name}`}
                onClick={() => save(domains.filter((other) => other !== name))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form settings-add" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor={id}>Domain to add</label>
          <input
            id={id}
            value={domain}
            placeholder="example.com"
            spellCheck={false}
            autoCapitalize="off"
            {...(problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
            onChange={(event) => {
              setDomain(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <p id={`${id}-error`} className="field-error">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={update.isPending}>
          Add domain
        </button>
      </form>
      <FormError error={update.error} />
    </section>
  );
}
