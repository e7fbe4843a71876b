/**
 * One operation called on the three faces, each answer normalized (`face-call.ts`):
 * `callFace(server, 'trpc', call)` or `callFaces(server, call)` for `{rest, graphql, trpc}`.
 * The faces are called one after the other, so a call that changes state is seen by the
 * next: give each face its own state when the operation writes.
 */
import type { RestRoute } from '../../../src/faces/rest/route';
import { restRoutes } from '../../../src/faces/rest/route-table';
import type { TestServer } from '../test-server';
import { FACES, type Face, type FaceCall, type FaceResponse } from './face-call';
import { callGraphql } from './graphql-call';
import { callRest } from './rest-call';
import { callTrpc } from './trpc-call';

const CALLERS: Record<Face, (server: TestServer, call: FaceCall) => Promise<FaceResponse>> = {
  rest: callRest,
  graphql: callGraphql,
  trpc: callTrpc,
};

export function callFace(server: TestServer, face: Face, call: FaceCall): Promise<FaceResponse> {
  return CALLERS[face](server, call);
}

export async function callFaces(server: TestServer, call: FaceCall): Promise<Record<Face, FaceResponse>> {
  const responses = {} as Record<Face, FaceResponse>;
  for (const face of FACES) responses[face] = await callFace(server, face, call);
  return responses;
}

/** `METHOD /path`, the key of a route in the route table. */
export const routeKey = (route: Pick<RestRoute, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** The route of the route table with this key, or undefined. */
export function findRoute(key: string): RestRoute | undefined {
  return restRoutes.find((route) => routeKey(route) === key);
}
