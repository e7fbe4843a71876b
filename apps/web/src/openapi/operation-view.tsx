/**
 * One operation of an OpenAPI description, rendered compactly (the `openapi-operation`
 * block): its method and path, summary and description, parameters, request body and
 * responses with their schemas (`schema-view.tsx`).
 */
import type { OpenApiMethod } from '@quire/documents/openapi-operation';
import type { JsonObject, MediaContent, ResolvedOperation } from './openapi-document';
import { SchemaView, typeOf } from './schema-view';

export function MethodBadge({ method }: { method: OpenApiMethod }) {
  return <span className={'method-badge method-' + method}>{method.toUpperCase()}</span>;
}

function Contents({ document, contents }: { document: JsonObject; contents: readonly MediaContent[] }) {
  return (
    <>
      {contents.map((content) => (
        <div key={content.mediaType} className="operation-content">
          <span className="operation-media">{content.mediaType}</span>
          {content.schema !== undefined && <SchemaView document={document} schema={content.schema} />}
        </div>
      ))}
    </>
  );
}

export function OperationView({
  document,
  operation,
}: {
  document: JsonObject;
  operation: ResolvedOperation;
}) {
  const { parameters, requestBody, responses } = operation;
  return (
    <div className="operation-details">
      {operation.summary && <p className="operation-summary">{operation.summary}</p>}
      {operation.deprecated && <p className="operation-deprecated">Deprecated</p>}
      {operation.description && <p className="operation-description">{operation.description}</p>}
      {parameters.length > 0 && (
        <div className="operation-part">
          <p className="operation-part-title">Parameters</p>
          <table className="operation-parameters">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => (
                <tr key={parameter.location + ' ' + parameter.name}>
                  <td>
                    <code className="operation-name">{parameter.name}</code>
                    {parameter.required && <span className="operation-required"> required</span>}
                  </td>
                  <td>{parameter.location}</td>
                  <td>{typeOf(document, parameter.schema)}</td>
                  <td>{parameter.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {requestBody && (
        <div className="operation-part">
          <p className="operation-part-title">
            Request body{requestBody.required && <span className="operation-required"> required</span>}
          </p>
          {requestBody.description && <p className="muted">{requestBody.description}</p>}
          <Contents document={document} contents={requestBody.contents} />
        </div>
      )}
      {responses.length > 0 && (
        <div className="operation-part">
          <p className="operation-part-title">Responses</p>
          <ul className="operation-responses">
            {responses.map((response) => (
              <li key={response.status}>
                <span className={'operation-status operation-status-' + response.status.charAt(0)}>
                  {response.status}
                </span>{' '}
                {response.description ?? ''}
                <Contents document={document} contents={response.contents} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
