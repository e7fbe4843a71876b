/**
 * An error thrown by an operation in the server, carried over the command socket and thrown
 * again in the command: with its name, message and fields (`dir`, `holderPid`, a
 * DomainError's `status`...), `describeCliError` tells it as it tells the same error thrown
 * in the command's own process.
 */
export interface RemoteError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function toRemoteError(error: unknown): RemoteError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: RemoteError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

export function fromRemoteError(remote: RemoteError): Error {
  const error = Object.assign(new Error(remote.message), remote.fields);
  error.name = remote.name;
  error.stack = remote.stack ?? `${remote.name}: ${remote.message}`;
  return error;
}
