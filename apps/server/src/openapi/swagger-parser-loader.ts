/**
 * Loading @apidevtools/swagger-parser, whose CommonJS code `require()`s
 * json-schema-ref-parser, an ES module. Node 20 aborts the whole process (a V8 fatal error,
 * not an exception) when that `require` meets the same module while an `import` of it is
 * still linking (nodejs/node#55782): CI lost a run to it. So the ES module is imported first
 * and in full, and only then the parser, whose `require` finds it evaluated; one promise,
 * so concurrent first uses share the one sequence.
 */
import type SwaggerParser from '@apidevtools/swagger-parser';

export type SwaggerParserClass = typeof SwaggerParser;

let loading: Promise<SwaggerParserClass> | undefined;

export function loadSwaggerParser(): Promise<SwaggerParserClass> {
  loading ??= import('@apidevtools/json-schema-ref-parser')
    .then(() => import('@apidevtools/swagger-parser'))
    .then((parser) => parser.default);
  return loading;
}
