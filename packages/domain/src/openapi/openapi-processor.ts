/**
 * Reading an OpenAPI description (GitBook's OpenAPI specifications): fetching it and the
 * files its `$ref`s reach, parsing and validating it. A port because fetching and parsing
 * are I/O and libraries; the processing job turns what comes back into a version of the
 * spec, or into the spec's error.
 */

/** Where a spec's description comes from: a URL to fetch, or the text itself. */
export type OpenApiSource = { url: string } | { text: string };

/** GitBook's processing error codes. */
export const OPENAPI_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;
export type OpenApiErrorCode = (typeof OPENAPI_ERROR_CODES)[number];

export interface OpenApiFile {
  /** Relative to the root document's folder; the root document first. */
  path: string;
  content: string;
}

export type OpenApiProcessed =
  | {
      ok: true;
      filesystem: OpenApiFile[];
      /** The version of the description: Swagger 2.0, OpenAPI 3.0 or 3.1. */
      version: '2.0' | '3.0' | '3.1';
      title?: string;
      /** Operations the description defines. */
      operations: number;
      /**
       * The description as one JSON document, unless it is one already (a single JSON file):
       * a YAML file as JSON, several files as one (refs to the others made internal). For
       * readers that take one JSON document, as the web app's renderers do.
       */
      bundled?: string;
    }
  | {
      ok: false;
      code: OpenApiErrorCode;
      /** What failed, exactly, safe to show (no internals). */
      message: string;
    };

export interface OpenApiProcessor {
  process(source: OpenApiSource): Promise<OpenApiProcessed>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Fetching, parsing and validating OpenAPI descriptions. */
    openApiProcessor: OpenApiProcessor;
  }
}
