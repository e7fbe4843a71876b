/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * OpenAPI blocks, read from the organization's spec when the server found it (`openapi-spec.ts`,
 * spread into the page's links): an operation as its method and path, summary, description,
 * parameters, request body and responses (each body's schema as a property tree, and an
 * example), and an example request; a schema block as each schema's tree and example; a webhook
 * as an operation. Without the spec (not found, not readable, an older `swagger` block's file),
 * the method and path alone, or the schemas' names. Readable with no script: bodies and
 * responses fold in `<details>`. Every string is the spec's text, escaped by React.
 */
import type {
  DocumentBlockOpenAPIOperation,
  DocumentBlockOpenAPISchemas,
  DocumentBlockOpenAPIWebhook,
  DocumentBlockSwagger,
} from '@quire/documents/document-types';
import type {
  ReaderMediaBody,
  ReaderOpenApiLinks,
  ReaderOpenApiOperationDetail,
  ReaderSchema,
} from '../openapi-spec';
import type { DocumentContext } from './document-context';

/** The spec's answers, when the server gave them (`openApiLinksOf` spread into the links). */
const specOf = (context: DocumentContext) => context.links as Partial<ReaderOpenApiLinks>;

function MethodAndPath({ method, path, deprecated }: { method: string; path: string; deprecated?: boolean }) {
  const verb = method.toUpperCase();
  return (
    <div className="openapi-head">
      <span className={`method method-${/^[A-Z]+$/.test(verb) ? verb.toLowerCase() : 'other'}`}>{verb}</span>
      <code className="openapi-path">{path}</code>
      {deprecated ? <span className="openapi-deprecated">Deprecated</span> : null}
    </div>
  );
}

/** A description as the spec writes it: paragraphs of text (its markdown is not read as markup). */
function Description({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .slice(0, 20)
        .map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
          <p key={index} className="openapi-description">
            {paragraph.trim()}
          </p>
        ))}
    </>
  );
}

/** A schema as a tree of properties: name, type, required, description, allowed values. */
export function SchemaTree({ schema }: { schema: ReaderSchema }) {
  const properties = schema.properties ?? [];
  return (
    <>
      {properties.length > 0 ? (
        <ul className="openapi-schema">
          {properties.map((property) => (
            <li key={property.name}>
              <code className="openapi-name">{property.name}</code>{' '}
              <span className="openapi-type">{property.schema.type}</span>
              {property.required ? <span className="required"> required</span> : null}
              <SchemaDetails schema={property.schema} />
              <SchemaTree schema={property.schema} />
            </li>
          ))}
        </ul>
      ) : null}
      {schema.variants ? (
        <div className="openapi-variants">
          <span className="openapi-type">{schema.variants.kind}</span>
          <ul className="openapi-schema">
            {schema.variants.schemas.map((variant, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: variants have no identity but their place
              <li key={index}>
                <span className="openapi-type">{variant.type}</span>
                <SchemaDetails schema={variant} />
                <SchemaTree schema={variant} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {schema.truncated && properties.length > 0 ? <p className="openapi-more">…</p> : null}
    </>
  );
}

function SchemaDetails({ schema }: { schema: ReaderSchema }) {
  return (
    <>
      {schema.description ? <div className="openapi-property-description">{schema.description}</div> : null}
      {schema.values ? (
        <div className="openapi-values">
          Values:{' '}
          {schema.values.map((value, index) => (
            <span key={value}>
              {index > 0 ? ', ' : ''}
              <code>{value}</code>
            </span>
          ))}
        </div>
      ) : null}
    </>
  );
}

function Example({ text, label }: { text: string | undefined; label: string }) {
  if (text === undefined) return null;
  return (
    <figure className="openapi-example">
      <figcaption>{label}</figcaption>
      <pre>
        <code>{text}</code>
      </pre>
    </figure>
  );
}

function MediaBody({ body }: { body: ReaderMediaBody }) {
  return (
    <>
      <Description text={body.description} />
      <p className="openapi-content-type">
        <code>{body.contentType}</code>
      </p>
      {body.schema ? <SchemaTree schema={body.schema} /> : null}
      {body.schema && !body.schema.properties && !body.schema.variants ? (
        <p>
          <span className="openapi-type">{body.schema.type}</span>
        </p>
      ) : null}
      <Example text={body.example} label="Example" />
    </>
  );
}

function Parameters({ parameters }: { parameters: ReaderOpenApiOperationDetail['parameters'] }) {
  if (parameters.length === 0) return null;
  return (
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
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`}>
              <td>
                <code>{parameter.name}</code>
                {parameter.required ? <span className="required"> required</span> : null}
              </td>
              <td>{parameter.in}</td>
              <td>{parameter.type ?? ''}</td>
              <td>
                {parameter.description ?? ''}
                {parameter.example === undefined ? null : (
                  <>
                    {parameter.description ? ' ' : ''}
                    Example: <code>{parameter.example}</code>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** An example request as curl prints it: the first server, the path, the body's example. */
function exampleRequest(method: string, path: string, operation: ReaderOpenApiOperationDetail): string {
  const server = (operation.servers[0] ?? '').replace(/\/$/, '');
  const lines = [`curl -X ${method.toUpperCase()} '${server}${path}'`];
  for (const parameter of operation.parameters)
    if (parameter.in === 'header' && parameter.required) lines.push(`  -H '${parameter.name}: …'`);
  const body = operation.requestBody;
  if (body) {
    lines.push(`  -H 'Content-Type: ${body.contentType}'`);
    if (body.example !== undefined) lines.push(`  -d '${body.example.replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

function OperationBody({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: ReaderOpenApiOperationDetail;
}) {
  return (
    <>
      {operation.summary ? <p className="openapi-summary">{operation.summary}</p> : null}
      <Description text={operation.description} />
      <Parameters parameters={operation.parameters} />
      {operation.requestBody ? (
        <details className="openapi-body" open>
          <summary>
            Request body{operation.requestBody.required ? <span className="required"> required</span> : null}
          </summary>
          <MediaBody body={operation.requestBody} />
        </details>
      ) : null}
      {operation.responses.length > 0 ? (
        <div className="openapi-responses">
          {operation.responses.map((response) => (
            <details key={response.status} className="openapi-response">
              <summary>
                <code className={`status status-${response.status.charAt(0)}`}>{response.status}</code>{' '}
                {response.description ?? ''}
              </summary>
              {response.body ? <MediaBody body={response.body} /> : null}
            </details>
          ))}
        </div>
      ) : null}
      <Example text={exampleRequest(method, path, operation)} label="Example request" />
    </>
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
  const operation = specOf(context).openapiOperation?.(ref.spec, method, path);
  return (
    <section className="openapi-operation" aria-label={`${method.toUpperCase()} ${path}`}>
      <MethodAndPath method={method} path={path} deprecated={operation?.deprecated} />
      {operation ? <OperationBody method={method} path={path} operation={operation} /> : null}
    </section>
  );
}

export function OpenApiSchemasBlock({
  block,
  context,
}: {
  block: DocumentBlockOpenAPISchemas;
  context: DocumentContext;
}) {
  const read = specOf(context).openapiSchema;
  return (
    <section className="openapi-schemas" aria-label={block.data.title ?? 'Schemas'}>
      {block.data.title ? <p className="openapi-title">{block.data.title}</p> : null}
      {block.data.schemas.slice(0, 50).map((name) => {
        const schema = read?.(block.data.ref.spec, name);
        return schema ? (
          <details key={name} className="openapi-schema-item" open={block.data.schemas.length === 1}>
            <summary>
              <code>{name}</code> <span className="openapi-type">{schema.schema.type}</span>
            </summary>
            <SchemaDetails schema={schema.schema} />
            <SchemaTree schema={schema.schema} />
            <Example text={schema.example} label="Example" />
          </details>
        ) : (
          <p key={name} className="openapi-schema-item">
            <code>{name}</code>
          </p>
        );
      })}
    </section>
  );
}

export function OpenApiWebhookBlock({
  block,
  context,
}: {
  block: DocumentBlockOpenAPIWebhook;
  context: DocumentContext;
}) {
  const { name, method, ref } = block.data;
  const operation = specOf(context).openapiWebhook?.(ref.spec, name, method);
  return (
    <section className="openapi-operation" aria-label={`Webhook ${name}`}>
      <MethodAndPath method={method} path={name} deprecated={operation?.deprecated} />
      {operation ? <OperationBody method={method} path={name} operation={operation} /> : null}
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
