import { z } from 'zod';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './cookies';
import { API_ROUTES, API_TAGS, successStatus, type Access, type Method, type RouteDefinition } from './routes';
import { errorResponse } from './schemas/common.schema';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

/** Security scheme names, declared in components.securitySchemes. */
/** A multipart upload's form: the `file` part and the fields of the route's body, if it has any. */
function multipartSchema(body: z.ZodType | undefined) {
  const fields = body ? jsonSchema(body, 'input') : { properties: {}, required: [] };
  return {
    type: 'object',
    properties: { file: { type: 'string', format: 'binary' }, ...(fields.properties as object) },
    required: ['file', ...((fields.required as string[] | undefined) ?? [])],
  };
}

const SESSION_SCHEME = 'cookieAuth';
const XSRF_SCHEME = 'xsrfHeader';
const PARTNER_SCHEME = 'partnerKey';

/**
 * What a call must carry (CONTRACT.md): the session cookie when it is for members or admins, and on every write,
 * public ones included, the XSRF-TOKEN cookie's value echoed in the X-XSRF-TOKEN header. A public read needs nothing.
 */
function securityRequirements(access: Access, method: Method) {
  // A partner's key is the authority of its calls: no cookie goes with them, so there is nothing to forge.
  if (access === 'partner') return [{ [PARTNER_SCHEME]: [] }];
  const requirement = {
    ...(access !== 'public' ? { [SESSION_SCHEME]: [] } : {}),
    ...(method !== 'get' ? { [XSRF_SCHEME]: [] } : {}),
  };
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'Open to everyone, signed in or not.',
  user: 'Signed-in members only: 401 without a session.',
  admin: 'Admins only: 401 without a session, 403 for a member who is not an admin.',
  partner:
    "Partners only: an API key an admin issued, as Authorization: Bearer <key>; 401 without one or with a revoked one, 429 past the key's limit.",
};

function operation(name: string, definition: RouteDefinition) {
  const paramSchemas = (definition.params ? (jsonSchema(definition.params, 'input').properties ?? {}) : {}) as Record<string, object>;
  const pathParams = [...definition.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: paramSchemas[match[1]] ?? { type: 'integer' },
  }));
  const queryParams = definition.query
    ? Object.entries((jsonSchema(definition.query, 'input').properties ?? {}) as Record<string, object>).map(([paramName, schema]) => ({
        name: paramName,
        in: 'query',
        schema,
      }))
    : [];
  const errors = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: name,
    summary: definition.summary,
    description: ACCESS_DESCRIPTIONS[definition.access],
    tags: [definition.tag],
    security: securityRequirements(definition.access, definition.method),
    'x-access': definition.access,
    parameters: [...pathParams, ...queryParams],
    ...(definition.body && !definition.multipart
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(definition.body, 'input') } } } }
      : {}),
    ...(definition.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': { schema: multipartSchema(definition.body) },
            },
          },
        }
      : {}),
    responses: definition.redirect
      ? redirectResponses(definition.redirect, errors)
      : definition.download
        ? downloadResponses(definition.download, errors)
        : {
            [successStatus(definition)]: {
              description: successStatus(definition) === 201 ? 'Created' : 'OK',
              content: { 'application/json': { schema: jsonSchema(definition.response, 'output') } },
              ...(definition.responseHeaders || definition.cacheable
                ? {
                    headers: Object.fromEntries([
                      ...Object.entries(definition.responseHeaders ?? {}).map(([header, description]) => [
                        header,
                        { description, schema: { type: 'string' } },
                      ]),
                      ...(definition.cacheable
                        ? [['ETag', { description: 'send it back in If-None-Match: 304 while unchanged', schema: { type: 'string' } }]]
                        : []),
                    ]),
                  }
                : {}),
            },
            ...(definition.cacheable ? { 304: { description: 'Not modified (If-None-Match matched the ETag)' } } : {}),
            400: errors,
            401: errors,
            403: errors,
            404: definition.notFoundResponse
              ? {
                  description: definition.notFoundResponse.description,
                  content: { 'application/json': { schema: jsonSchema(definition.notFoundResponse.schema, 'output') } },
                }
              : errors,
            ...(definition.locked ? { 423: { ...errors, description: definition.locked } } : {}),
            429: errors,
          },
  };
}

/** A route that answers a stored file: revalidated with its ETag or date, gzip when the client accepts it. */
function downloadResponses(download: NonNullable<RouteDefinition['download']>, errors: object) {
  const header = (description: string) => ({ description, schema: { type: 'string' } });
  return {
    200: {
      description: download.description,
      content: { [download.mediaType]: { schema: { type: 'string' } } },
      headers: {
        ETag: header('send it back in If-None-Match: 304 while unchanged'),
        'Last-Modified': header('when the file was built; If-Modified-Since answers 304 while unchanged'),
        Link: header('the licence (rel="license")'),
        'Content-Encoding': header('gzip when the request accepts it'),
      },
    },
    304: { description: 'Not modified (If-None-Match matched the ETag, or If-Modified-Since is not before Last-Modified)' },
    429: errors,
    503: { ...errors, description: 'The files are being built for the first time: try again after Retry-After seconds' },
  };
}

/** A route that answers a redirect (the front door's page lookups): 301 with its Location, or an error. */
function redirectResponses(description: string, errors: object) {
  return {
    301: { description, headers: { Location: { description: 'where the page moved', schema: { type: 'string' } } } },
    400: errors,
    404: errors,
    429: errors,
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
    info: {
      title: `${productName} API`,
      version: '1.0.0',
      description: `The HTTP contract of ${productName}: JSON in and out, on the same origin as the web app. x-access on each operation says who may call it (public, user, admin, partner). Building a partner app? Read [For partners](/api-reference/partners.html).`,
    },
    // Relative: the API answers on whatever origin serves this document, in every deployment.
    servers: [{ url: '/', description: 'the origin that serves this document' }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorResponse, 'output') },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session, set by sign-in and sign-up (httpOnly, SameSite=Lax).',
        },
        [XSRF_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: `Every write echoes the value of the readable ${XSRF_COOKIE} cookie, which the API sets on any answer to a client that lacks it; without it the write is refused with 403.`,
        },
        [PARTNER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: "A partner's API key, issued by an admin on the admin panel's Partners tab.",
        },
      },
    },
  };
}
