/** The read view's `openapi-operation` element (`remark-openapi-operations.ts`) as the rendered operation. */
import { isOpenApiMethod } from '@quire/documents/openapi-operation';
import { useParams } from '@tanstack/react-router';
import { EmbeddedOperation } from './embedded-operation';

export function EmbeddedOperationElement(props: Record<string, unknown>) {
  const { organizationId } = useParams({ strict: false });
  const method = String(props['data-method']);
  return (
    <EmbeddedOperation
      organizationId={organizationId}
      pointer={{
        spec: String(props['data-spec']),
        path: String(props['data-path']),
        method: isOpenApiMethod(method) ? method : 'get',
      }}
    />
  );
}
