import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

/** One operation of the document: what a caller may send, and how it proves who it is. */
export type Operation = {
  /** `GET /api/v1/sales/{id}`: the name the tests report and classify by. */
  key: string;
  method: string;
  /** The document's path template, `/api/v1/sales/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body: { required: boolean; schema: JsonSchema } | null;
  /** The schemes the document names: `bearer`, `apiKey`, none. */
  security: string[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The OpenAPI document the running app serves at /api/docs/json. @fastify/swagger decorates
 * `swagger()` only inside the portal's scope, so the document is read the way a client reads it.
 */
export async function loadOpenApiDocument(app: FastifyInstance): Promise<OpenAPIV3_1.Document> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`no OpenAPI document: ${res.statusCode}`);
  return res.json();
}

/** Every operation of the document, so a new route is tested the day it is written. */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = await loadOpenApiDocument(app);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const paramsIn = (where: string): Parameter[] =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: (p.schema ?? {}) as JsonSchema }));
      const requestBody = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const json = requestBody?.content?.['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: paramsIn('path'),
        query: paramsIn('query'),
        headers: paramsIn('header'),
        body: json ? { required: Boolean(requestBody?.required), schema: json as JsonSchema } : null,
        security: (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
      });
    }
  }
  return operations;
}

/** The path with each `{param}` replaced by its (already encoded) value. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '1');
}
