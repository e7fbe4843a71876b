/**
 * An operation called through tRPC at `/trpc/<operation name>`: queries as GET with the
 * input as JSON in `?input=`, mutations as POST with the input as the JSON body.
 */
import type { TestServer } from '../test-server';
import type { FaceCall, FaceResponse } from './face-call';
import { withRawFields } from './raw-fields';

export async function callTrpc(server: TestServer, call: FaceCall): Promise<FaceResponse> {
  const { operation } = call.route;
  const text = withRawFields(call.input, call.rawFields);
  const response =
    operation.kind === 'query'
      ? await server.api(`/trpc/${operation.name}?input=${encodeURIComponent(text)}`, { token: call.token })
      : await server.api(`/trpc/${operation.name}`, { method: 'POST', token: call.token, rawBody: text });
  const body = response.body;
  const formatProblems: string[] = [];
  const error = body?.error;
  if (!error) {
    return { face: 'trpc', status: response.status, data: body?.result?.data, body, formatProblems };
  }
  const data = error.data ?? {};
  if (data.httpStatus !== response.status) {
    formatProblems.push(
      `error.data.httpStatus ${JSON.stringify(data.httpStatus)} is not the status ${response.status}`,
    );
  }
  return {
    face: 'trpc',
    status: response.status,
    body,
    formatProblems,
    error: {
      message: typeof error.message === 'string' ? error.message : JSON.stringify(error),
      code: data.domainCode,
      fields: Array.isArray(data.issues) ? data.issues.map((issue: { field: string }) => issue.field) : [],
    },
  };
}
