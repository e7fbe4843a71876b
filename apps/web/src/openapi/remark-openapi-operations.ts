/**
 * A remark plugin for the read view (`content/markdown.tsx`): GitBook's OpenAPI operation
 * blocks, read by the server's own reader (`@quire/documents`' `readOpenApiOperations`, so
 * the page shows a block exactly where the server sees one), become `openapi-operation`
 * elements carrying the pointer, which the view renders with `EmbeddedOperation`.
 */
import { type OpenApiOperation, readOpenApiOperations } from '@quire/documents/openapi-operation-syntax';

type Tree = Parameters<typeof readOpenApiOperations>[0];

export const OPENAPI_OPERATION_ELEMENT = 'openapi-operation';

export function remarkOpenApiOperations() {
  return (tree: Tree, file: { value: unknown }) => {
    readOpenApiOperations(tree, String(file.value));
    for (const node of tree.children) {
      if (node.type !== 'openapiOperation') continue;
      const operation = node as OpenApiOperation;
      operation.data = {
        hName: OPENAPI_OPERATION_ELEMENT,
        hProperties: { dataSpec: operation.spec, dataPath: operation.path, dataMethod: operation.method },
      } as OpenApiOperation['data'];
    }
  };
}
