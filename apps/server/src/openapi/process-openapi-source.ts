/**
 * Processing an OpenAPI specification's source (issue 15): fetch it and every file its
 * `$ref`s reach, parse and validate it (OpenAPI 3.0, 3.1 and Swagger 2.0; JSON and YAML),
 * and answer its files (`filesystem`) and a summary, or the failure with GitBook's error
 * code and a message safe to show.
 *
 * The parser is @apidevtools/swagger-parser (with json-schema-ref-parser underneath): its
 * file and HTTP resolvers are switched off and `SpecFiles` is its only reader, so every
 * fetch goes through the outbound-fetch module and every `$ref` through `referenceRefusal`.
 *
 * Outcomes:
 * - ok, with the root document first in `filesystem`, then each referenced file;
 * - FETCH_TIMEOUT: the files were not all fetched within `timeoutMs` (all fetches together);
 * - FETCH_ERROR: a file could not be fetched (bad URL, private address, HTTP status, too
 *   large), or the files together are larger than `maxBytes`;
 * - PARSE_ERROR: a file is not JSON or YAML (its line named), the root declares no supported
 *   version, a `$ref` leaves the specification's folder or host (or any `$ref` to another
 *   file, for a text source), a pointer is missing, or the description is invalid (the
 *   first validation errors, with their paths).
 */
import type SwaggerParser from '@apidevtools/swagger-parser';
import { countOperations } from './count-operations';
import { OpenApiProcessingError } from './openapi-processing-error';
import { type SpecFile, SpecFiles } from './spec-files';
import { type OpenApiVersion, specVersionOf } from './spec-version';
import { loadSwaggerParser } from './swagger-parser-loader';
import { validationFailure } from './validation-failure';

export type OpenApiSource = { url: string } | { text: string };

export interface OpenApiProcessingOptions {
  /** Largest size of each file and of all of them together, in bytes (default 10 MB). */
  maxBytes?: number;
  /** Time allowed for all the fetches of the specification together. */
  timeoutMs: number;
  /** Hosts exempt from the outbound module's address check (`QUIRE_FETCH_ALLOW_HOSTS`). */
  allowHosts: readonly string[];
}

export type OpenApiProcessed =
  | {
      ok: true;
      filesystem: SpecFile[];
      version: OpenApiVersion;
      title?: string;
      operations: number;
      bundled?: string;
    }
  | { ok: false; code: OpenApiProcessingError['code']; message: string };

export const DEFAULT_OPENAPI_MAX_BYTES = 10 * 1024 * 1024;

export async function processOpenApiSource(
  source: OpenApiSource,
  options: OpenApiProcessingOptions,
): Promise<OpenApiProcessed> {
  const limits = {
    maxBytes: options.maxBytes ?? DEFAULT_OPENAPI_MAX_BYTES,
    timeoutMs: options.timeoutMs,
    allowHosts: options.allowHosts,
  };
  let files: SpecFiles | undefined;
  try {
    files =
      'url' in source ? await SpecFiles.ofUrl(source.url, limits) : SpecFiles.ofText(source.text, limits);
    const document = files.parseRoot();
    const version = specVersionOf(document, files.rootName);
    const api = await validate(files, document);
    // Validating read every file (and dereferenced `document` in place): the bundle is made
    // from a fresh parse of the root, over the files read.
    const oneJsonFile = files.filesystem.length === 1 && isJsonText(files.filesystem[0]!.content);
    const bundled = oneJsonFile ? undefined : await bundle(files);
    const title = typeof api.info?.title === 'string' ? api.info.title : undefined;
    return {
      ok: true,
      filesystem: files.filesystem,
      version,
      ...(title === undefined ? {} : { title }),
      operations: countOperations(api),
      ...(bundled === undefined ? {} : { bundled }),
    };
  } catch (error) {
    const failure = failureOf(error, files);
    return { ok: false, code: failure.code, message: failure.message };
  }
}

/** The parts of a dereferenced description read here. */
interface ValidatedApi {
  info?: { title?: unknown };
  paths?: unknown;
}

/** The parser's argument type for a document given as a value. */
type ParserDocument = Parameters<SwaggerParser['validate']>[1];

/** The parser reads files through `read` only (its own file and HTTP readers are off). */
function parserOptions(
  files: SpecFiles,
  read: (file: SwaggerParser.FileInfo) => Promise<string>,
): SwaggerParser.Options {
  return {
    resolve: {
      external: true,
      file: false,
      http: false,
      specFiles: { order: 1, canRead: true, read },
    },
    parse: {
      json: false,
      yaml: false,
      text: false,
      binary: false,
      specFiles: { order: 1, canParse: true, parse: (file) => files.parseReferenced(file) as object },
    },
  };
}

async function validate(files: SpecFiles, document: unknown): Promise<ValidatedApi> {
  const Parser = await loadSwaggerParser();
  return (await new Parser().validate(
    files.rootUrl,
    document as ParserDocument,
    parserOptions(files, (file) => files.readReferenced(file)),
  )) as ValidatedApi;
}

/** Whether a document is written in JSON (else YAML): JSON's documents here are objects. */
const isJsonText = (text: string): boolean => text.trimStart().startsWith('{');

/** The description as one JSON document: the parser's bundle, refs to other files made internal. */
async function bundle(files: SpecFiles): Promise<string> {
  const options = parserOptions(files, (file) => files.readKept(file));
  const Parser = await loadSwaggerParser();
  const bundled = await new Parser().bundle(files.rootUrl, files.parseRoot() as ParserDocument, options);
  return JSON.stringify(bundled);
}

/** What went wrong, first: a failure of ours (kept by the files when the parser wrapped it). */
function failureOf(error: unknown, files: SpecFiles | undefined): OpenApiProcessingError {
  if (error instanceof OpenApiProcessingError) return error;
  if (files?.failure) return files.failure;
  if (!files) return new OpenApiProcessingError('FETCH_ERROR', 'The specification could not be fetched');
  return validationFailure(error, files.rootName, files.rootUrl);
}
