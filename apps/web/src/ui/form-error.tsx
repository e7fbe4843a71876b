/**
 * The message of a failed action, under the form or button that started it: the server's own
 * message (GitBook's error shape), announced to screen readers. Renders nothing without an error.
 */
import { apiErrorOf } from '../api/api-error';

export function FormError({ error }: { error: unknown }) {
  if (error === null || error === undefined || error === false) return null;
  return (
    <p className="form-error" role="alert">
      {apiErrorOf(error).message}
    </p>
  );
}
