/**
 * GitBook's `openapi-operation` block in the editor: an atom (selected, moved and deleted as
 * one piece, never typed into) holding the pointer (spec slug, path, method), shown as the
 * operation rendered (`EmbeddedOperation`, the same as the read view). React node views are
 * rendered inside the editor's React tree, so the view reads the organization from the route
 * and queries through the app's tRPC client.
 */
import { isOpenApiMethod, isOpenApiPath, isOpenApiSpecSlug } from '@quire/documents/openapi-operation';
import { useParams } from '@tanstack/react-router';
import { Node, NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { EmbeddedOperation } from '../openapi/embedded-operation';

export const OPENAPI_OPERATION_NODE = 'openapiOperation';

function OperationNodeView({ node }: ReactNodeViewProps) {
  const { organizationId } = useParams({ strict: false });
  const method = String(node.attrs.method);
  return (
    <NodeViewWrapper contentEditable={false}>
      <EmbeddedOperation
        organizationId={organizationId}
        pointer={{
          spec: String(node.attrs.spec),
          path: String(node.attrs.path),
          method: isOpenApiMethod(method) ? method : 'get',
        }}
      />
    </NodeViewWrapper>
  );
}

const dataAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute('data-' + name),
  renderHTML: (attributes: Record<string, unknown>) => ({ ['data-' + name]: attributes[name] }),
});

export const OpenApiOperation = Node.create({
  name: OPENAPI_OPERATION_NODE,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return { spec: dataAttribute('spec'), path: dataAttribute('path'), method: dataAttribute('method') };
  },
  // Pasted HTML makes a block only when it holds a valid pointer.
  parseHTML: () => [
    {
      tag: 'div[data-openapi-operation]',
      getAttrs: (element) =>
        isOpenApiSpecSlug(element.getAttribute('data-spec') ?? '') &&
        isOpenApiPath(element.getAttribute('data-path') ?? '') &&
        isOpenApiMethod(element.getAttribute('data-method') ?? '')
          ? null
          : false,
    },
  ],
  renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, 'data-openapi-operation': '' }],
  addNodeView() {
    return ReactNodeViewRenderer(OperationNodeView);
  },
});
