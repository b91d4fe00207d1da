import { z } from 'zod';
import { API_ROUTES, type RouteDefinition } from './routes.js';
import { errorResponse } from './schemas/common.schema.js';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

function operation(name: string, definition: RouteDefinition) {
  const pathParams = [...definition.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'integer' },
  }));
  const queryParams = definition.query
    ? Object.entries((jsonSchema(definition.query, 'input').properties ?? {}) as Record<string, object>).map(
        ([paramName, schema]) => ({ name: paramName, in: 'query', schema }),
      )
    : [];
  const errors = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: name,
    summary: definition.summary,
    tags: [definition.path.split('/')[1]],
    ...(definition.access !== 'public' ? { security: [{ session: [] }] } : {}),
    'x-access': definition.access,
    parameters: [...pathParams, ...queryParams],
    ...(definition.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(definition.body, 'input') } } } }
      : {}),
    ...(definition.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
              },
            },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(definition.response, 'output') } },
        ...(definition.responseHeaders || definition.cacheable
          ? {
              headers: Object.fromEntries([
                ...Object.entries(definition.responseHeaders ?? {}).map(([header, description]) => [header, { description, schema: { type: 'string' } }]),
                ...(definition.cacheable ? [['ETag', { description: 'send it back in If-None-Match: 304 while unchanged', schema: { type: 'string' } }]] : []),
              ]),
            }
          : {}),
      },
      ...(definition.cacheable ? { 304: { description: 'Not modified (If-None-Match matched the ETag)' } } : {}),
      400: errors,
      401: errors,
      403: errors,
      404: errors,
      429: errors,
    },
  };
}

/** OpenAPI 3.1 document generated from the route list and its zod schemas. */
export function buildOpenApiDocument(productName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(API_ROUTES) as [string, RouteDefinition][]) {
    const openApiPath = '/api' + definition.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][definition.method] = operation(name, definition);
  }
  return {
    openapi: '3.1.0',
    info: { title: `${productName} API`, version: '1.0.0' },
    paths,
    components: {
      schemas: { Error: jsonSchema(errorResponse, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'zaytoon.sid' } },
    },
  };
}
