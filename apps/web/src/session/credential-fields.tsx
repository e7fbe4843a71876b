/**
 * The email and password fields of signing in and of joining: the same labels and browser
 * hints, so password managers fill the one and offer to save the other.
 */
import { Field } from '../ui/field';

/** At least this long: the server's rule (the domain's PasswordSchema), said before sending. */
export const MIN_PASSWORD_LENGTH = 10;

export interface Credentials {
  email: string;
  password: string;
}

export function CredentialFields(props: {
  value: Credentials;
  onChange: (value: Credentials) => void;
  /** 'current' signs in with an existing password; 'new' chooses one (rule said up front). */
  password: 'current' | 'new';
}) {
  const { value, onChange } = props;
  const choosing = props.password === 'new';
  return (
    <>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete={choosing ? 'email' : 'username'}
        required
        value={value.email}
        onChange={(event) => onChange({ ...value, email: event.target.value })}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete={choosing ? 'new-password' : 'current-password'}
        required
        {...(choosing
          ? { minLength: MIN_PASSWORD_LENGTH, hint: `At least ${MIN_PASSWORD_LENGTH} characters.` }
          : {})}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
    </>
  );
}
