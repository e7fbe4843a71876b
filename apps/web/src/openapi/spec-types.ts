/** The OpenAPI specifications and versions as the server presents them to the app. */
import type { RouterOutputs } from '../api/app-router';

export type OpenApiSpec = RouterOutputs['openapi']['get'];
export type OpenApiVersion = RouterOutputs['openapi']['versions']['list']['items'][number];
export type ProcessingState = OpenApiSpec['processingState'];

/** Where an upload comes from: a URL Quire fetches, or the description's text itself. */
export type SpecSource = { url: string } | { text: string };
