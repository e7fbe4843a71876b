/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * OpenAPI blocks: an operation as its method and path, with its summary, parameters and
 * responses when the server found it in the organization's spec (`links.openapiOperation`);
 * without the spec, the method and path alone. Schemas and webhooks name what they show; the
 * older `swagger` block its method and path.
 */
import type {
  DocumentBlockOpenAPIOperation,
  DocumentBlockOpenAPISchemas,
  DocumentBlockOpenAPIWebhook,
  DocumentBlockSwagger,
} from '@quire/documents/document-types';
import type { DocumentContext } from './document-context';

function MethodAndPath({ method, path }: { method: string; path: string }) {
  const verb = method.toUpperCase();
  return (
    <div className="openapi-head">
      <span className={`method method-${/^[A-Z]+$/.test(verb) ? verb.toLowerCase() : 'other'}`}>{verb}</span>
      <code className="openapi-path">{path}</code>
    </div>
  );
}

export function OpenApiOperationBlock({
  block,
  context,
}: {
  block: DocumentBlockOpenAPIOperation;
  context: DocumentContext;
}) {
  const { method, path, ref } = block.data;
  const operation = context.links.openapiOperation?.(ref.spec, method, path);
  return (
    <section className="openapi-operation" aria-label={`${method.toUpperCase()} ${path}`}>
      <MethodAndPath method={method} path={path} />
      {operation?.summary ? <p className="openapi-summary">{operation.summary}</p> : null}
      {operation?.description ? <p>{operation.description}</p> : null}
      {operation && operation.parameters.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard
        <section className="table-wrap" aria-label="Parameters" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}:${parameter.name}`}>
                  <td>
                    <code>{parameter.name}</code>
                    {parameter.required ? <span className="required"> required</span> : null}
                  </td>
                  <td>{parameter.in}</td>
                  <td>{parameter.type ?? ''}</td>
                  <td>{parameter.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {operation && operation.responses.length > 0 ? (
        <ul className="openapi-responses">
          {operation.responses.map((response) => (
            <li key={response.status}>
              <code>{response.status}</code> {response.description ?? ''}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function OpenApiSchemasBlock({ block }: { block: DocumentBlockOpenAPISchemas }) {
  return (
    <section className="openapi-schemas" aria-label={block.data.title ?? 'Schemas'}>
      {block.data.title ? <p className="openapi-summary">{block.data.title}</p> : null}
      <ul>
        {block.data.schemas.map((schema) => (
          <li key={schema}>
            <code>{schema}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OpenApiWebhookBlock({ block }: { block: DocumentBlockOpenAPIWebhook }) {
  return (
    <section className="openapi-operation" aria-label={`Webhook ${block.data.name}`}>
      <MethodAndPath method={block.data.method} path={block.data.name} />
    </section>
  );
}

export function SwaggerBlock({ block }: { block: DocumentBlockSwagger }) {
  return (
    <section
      className="openapi-operation"
      aria-label={`${block.data.method.toUpperCase()} ${block.data.path}`}
    >
      <MethodAndPath method={block.data.method} path={block.data.path} />
    </section>
  );
}
