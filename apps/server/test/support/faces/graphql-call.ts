/**
 * An operation called through GraphQL: a POST to `/graphql` of the operation's document
 * (`graphql-document.ts`) with the input as typed variables. The status it means: the HTTP
 * status when it is not 200 (401 without a token, a body the server could not read); else
 * the first error's `extensions.httpStatus`; 400 for a request GraphQL refused before
 * running it (no `data`: a syntax, validation or variable error, which names the variable);
 * 500 for an error without a status (Yoga's masked "Unexpected error."); 200 on success.
 */
import type { TestServer } from '../test-server';
import type { FaceCall, FaceResponse } from './face-call';
import { graphqlDocumentFor } from './graphql-document';
import { withRawFields } from './raw-fields';

interface GraphqlError {
  message?: string;
  extensions?: { code?: string; httpStatus?: number; issues?: Array<{ field: string }> };
}

export async function callGraphql(server: TestServer, call: FaceCall): Promise<FaceResponse> {
  const document = graphqlDocumentFor(call.route.operation, call.input);
  const variables = withRawFields(document.variables, call.rawFields);
  const rawBody = `{"query":${JSON.stringify(document.query)},"variables":${variables}}`;
  const response = await server.api('/graphql', { method: 'POST', token: call.token, rawBody });
  const body = response.body;
  const formatProblems: string[] = [];
  const errors: GraphqlError[] | undefined = Array.isArray(body?.errors) ? body.errors : undefined;
  if (response.status !== 200) {
    return {
      face: 'graphql',
      status: response.status,
      body,
      formatProblems,
      error: {
        message: errors?.map((e) => e.message).join('; ') ?? body?.error?.message ?? JSON.stringify(body),
        code: errors?.[0]?.extensions?.code ?? body?.error?.type,
        fields: [],
      },
    };
  }
  if (!errors || errors.length === 0) {
    return { face: 'graphql', status: 200, data: body?.data?.[document.fieldName], body, formatProblems };
  }
  const first = errors[0]!;
  const declared = first.extensions?.httpStatus;
  const status = typeof declared === 'number' ? declared : body.data === undefined ? 400 : 500;
  return {
    face: 'graphql',
    status,
    body,
    formatProblems,
    error: {
      message: errors.map((e) => e.message ?? '').join('; '),
      code: first.extensions?.code,
      fields: errors.flatMap((e) => e.extensions?.issues?.map((issue) => issue.field) ?? []),
    },
  };
}
