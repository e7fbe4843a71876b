/**
 * Why the last upload of a spec failed: GitBook's code, what it means, and the server's exact
 * reason. The versions before it are kept, so it says which one is still shown.
 */
import { ERROR_CODE_LABELS } from './spec-states';
import type { OpenApiSpec } from './spec-types';

export function LastProcessError({ spec, compact = false }: { spec: OpenApiSpec; compact?: boolean }) {
  const code = spec.lastProcessErrorCode;
  if (code === undefined) return null;
  return (
    <div
      className={compact ? 'spec-error spec-error-compact' : 'spec-error'}
      role={compact ? undefined : 'alert'}
    >
      <p className="spec-error-title">
        The last upload failed: {ERROR_CODE_LABELS[code]} <code className="spec-error-code">{code}</code>
      </p>
      {spec.lastProcessErrorMessage && <p className="spec-error-message">{spec.lastProcessErrorMessage}</p>}
      {!compact && (
        <p className="spec-error-note muted">
          {spec.lastVersion === undefined
            ? 'There is no processed version yet: upload a corrected source.'
            : 'The last good version is still the one shown. Upload a corrected source to replace it.'}
        </p>
      )}
    </div>
  );
}
