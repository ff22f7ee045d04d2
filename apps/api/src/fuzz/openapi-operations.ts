/*
 * The operations of the api's own OpenAPI document, and a fast-check arbitrary of requests for
 * each: path params, query and body generated from the operation's schemas, valid and invalid.
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { invalid, parameterText, valid } from './schema-arbitrary';
import type { Components, JsonSchema } from './schema-arbitrary';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Components };
}

export interface DocumentedOperation {
  /** e.g. 'PUT /Users/{id}' */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** The statuses the document lists for it, e.g. ['200', '400', '401']. */
  statuses: string[];
}

export interface FuzzRequest {
  url: string;
  /** The JSON body, raw text sent as JSON, or nothing. */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as DocumentedOperation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        statuses: Object.keys(operation.responses ?? {}),
      })),
  );
}

/** True when the document lists `status` for the operation (exactly, as '4XX', or as default). */
export function isDocumented(operation: DocumentedOperation, status: number): boolean {
  const text = String(status);
  return operation.statuses.some(
    (listed) => listed === text || listed === `${text[0]}XX` || listed === 'default',
  );
}

/** Requests for one operation: every path param, some query params, a valid or broken body. */
export function requestsFor(operation: DocumentedOperation, components: Components): Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');

  const path = fc
    .tuple(...pathParams.map((parameter) => parameterText(parameter.schema ?? {}, components)))
    .map((values) =>
      pathParams.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, encodeURIComponent(values[index]!)),
        operation.path,
      ),
    );

  const query = fc
    .tuple(
      ...queryParams.map((parameter) =>
        fc.option(parameterText(parameter.schema ?? {}, components), { nil: undefined, freq: 2 }),
      ),
    )
    .map((values) => {
      const search = new URLSearchParams();
      queryParams.forEach((parameter, index) => {
        const value = values[index];
        if (value !== undefined) search.set(parameter.name, value);
      });
      const text = search.toString();
      return text === '' ? '' : `?${text}`;
    });

  const bodySchema = operation.body;
  const body: Arbitrary<FuzzRequest['body']> =
    bodySchema === undefined
      ? fc.constant({ kind: 'none' })
      : fc.oneof(
          {
            weight: 4,
            arbitrary: valid(bodySchema, components).map((value) => ({ kind: 'json', value }) as const),
          },
          {
            weight: 3,
            arbitrary: invalid(bodySchema, components).map((value) => ({ kind: 'json', value }) as const),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"x":1}}', '\u0000')
              .map((text) => ({ kind: 'raw', text }) as const),
          },
          { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
        );

  return fc.record({ url: fc.tuple(path, query).map(([p, q]) => `${p}${q}`), body });
}
