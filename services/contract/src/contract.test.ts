import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  pathIdParam,
  secondPathIdParam,
  type RouteDefinition,
  buildOpenApiDocument,
  businessListQuerySchema,
  mapTileParamsSchema,
  mapTileQuerySchema,
  businessInputSchema,
  changePasswordInputSchema,
  commentInputSchema,
  MAX_ID,
  MESSAGES,
  normaliseSocialLink,
  reportInputSchema,
  socialLinkOffSiteMessage,
} from './index';
import { directoryQuery, nextCursorFromLink } from './client/api-client';
import { issueMessage, issueText } from './i18n/message-codes';

describe('business input', () => {
  const base = { name: 'Olive', address: '1 High St', city: 'Leeds', postcode: 'LS1 1AA' };

  it('requires name, address, city and postcode with SPEC messages', () => {
    const result = businessInputSchema.safeParse({ name: ' ', address: '', city: '', postcode: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issueText(issue.message));
    expect(messages).toEqual([MESSAGES.nameRequired, MESSAGES.addressRequired, MESSAGES.cityRequired, MESSAGES.postcodeRequired]);
  });

  it('drops empty hours and social entries and normalises social handles', () => {
    const parsed = businessInputSchema.parse({
      ...base,
      business_hours: { monday: '9-5', tuesday: '  ', sunday: '' },
      social_media: { facebook: 'olivegrove', twitter: '@olive', instagram: '' },
    });
    expect(parsed.business_hours).toEqual({ monday: '9-5' });
    expect(parsed.social_media).toEqual({ facebook: 'https://facebook.com/olivegrove', twitter: 'https://twitter.com/olive' });
  });

  it('accepts only http(s) websites', () => {
    expect(businessInputSchema.safeParse({ ...base, website: 'javascript:alert(1)' }).success).toBe(false);
    expect(businessInputSchema.safeParse({ ...base, website: 'ftp://x.org' }).success).toBe(false);
    expect(businessInputSchema.parse({ ...base, website: 'https://olive.example' }).website).toBe('https://olive.example');
  });

  it('refuses unknown weekdays', () => {
    expect(businessInputSchema.safeParse({ ...base, business_hours: { funday: '9-5' } }).success).toBe(false);
  });
});

describe('social links', () => {
  it('follows SPEC §2', () => {
    expect(normaliseSocialLink('facebook', 'https://facebook.com/x')).toBe('https://facebook.com/x');
    expect(normaliseSocialLink('facebook', '@page')).toBe('https://facebook.com/@page');
    expect(normaliseSocialLink('twitter', '@@handle')).toBe('https://twitter.com/handle');
    expect(normaliseSocialLink('instagram', '@insta')).toBe('https://instagram.com/insta');
  });
});

/** Every node of the OpenAPI schemas of request bodies and query parameters, with where it stands. */
function requestSchemaNodes(): [string, any][] {
  const nodes: [string, any][] = [];
  const walk = (node: any, where: string): void => {
    if (!node || typeof node !== 'object') return;
    nodes.push([where, node]);
    for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
  };
  const paths = (buildOpenApiDocument('Zaytoon') as { paths: Record<string, Record<string, any>> }).paths;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      walk(operation.requestBody?.content?.['application/json']?.schema, `${method} ${path} body`);
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query') walk(parameter.schema, `${method} ${path} ?${parameter.name}`);
    }
  }
  return nodes;
}

describe('social links stay on their network', () => {
  const base = { name: 'Olive', address: '1 High St', city: 'Leeds', postcode: 'LS1 1AA' };
  const errorsOf = (social_media: Record<string, string>) =>
    businessInputSchema.safeParse({ ...base, social_media }).error?.issues.map((issue) => [issue.path.join('.'), issueText(issue.message)]);

  it('accepts the hosts of each network and their subdomains', () => {
    const social_media = { facebook: 'https://m.facebook.com/olive', twitter: 'https://x.com/olive', instagram: 'http://www.instagram.com/olive' };
    expect(businessInputSchema.parse({ ...base, social_media }).social_media).toEqual(social_media);
    expect(
      businessInputSchema.parse({ ...base, social_media: { facebook: 'https://fb.com/olive', twitter: 'https://TWITTER.com/olive' } }).social_media,
    ).toEqual({ facebook: 'https://fb.com/olive', twitter: 'https://TWITTER.com/olive' });
  });

  it('refuses look-alike hosts, userinfo tricks and another network, each on its own field', () => {
    const facebookOnly = socialLinkOffSiteMessage(['facebook.com', 'fb.com']);
    for (const link of [
      'https://facebook.com.evil.com/olive',
      'https://evilfacebook.com/olive',
      'https://facebook.com@evil.com/olive',
      'https://user:pass@facebook.com/olive',
      'https://facebook.com%2eevil.com/olive',
      'https://instagram.com/olive',
    ]) {
      expect(errorsOf({ facebook: link }), link).toEqual([['social_media.facebook', facebookOnly]]);
    }
    expect(errorsOf({ twitter: 'https://x.com.evil.com/a' })).toEqual([['social_media.twitter', socialLinkOffSiteMessage(['twitter.com', 'x.com'])]]);
    expect(errorsOf({ instagram: 'https://notinstagram.com/a' })).toEqual([['social_media.instagram', socialLinkOffSiteMessage(['instagram.com'])]]);
  });
});

describe('control characters', () => {
  const base = { name: 'Olive', address: '1 High St', city: 'Leeds', postcode: 'LS1 1AA' };

  it('refuses C0 controls but tab and newline, DEL and lone surrogates, with a field error', () => {
    for (const bad of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\ud800', '\udfff']) {
      const result = businessInputSchema.safeParse({ ...base, description: `a${bad}b` });
      expect(
        result.error?.issues.map((issue) => [issue.path.join('.'), issueText(issue.message)]),
        JSON.stringify(bad),
      ).toEqual([['description', MESSAGES.controlCharacters]]);
    }
    expect(businessInputSchema.safeParse({ ...base, business_hours: { monday: '9\u0000' } }).error?.issues[0].path).toEqual([
      'business_hours',
      'monday',
    ]);
  });

  it('keeps tabs, newlines and astral characters, and turns CRLF and CR into LF', () => {
    const parsed = businessInputSchema.parse({ ...base, description: 'one\r\ntwo\rthree\n\tfour 🫒' });
    expect(parsed.description).toBe('one\ntwo\nthree\n\tfour 🫒');
  });

  // The rule lives in one helper; this catches a request string that does not go through it.
  it('applies to every string of every request body and query but passwords', () => {
    const unguarded: string[] = [];
    for (const [where, node] of requestSchemaNodes()) {
      if (node.type !== 'string' || node.enum || node.const !== undefined || /password/.test(where)) continue;
      const patterns = [node.pattern, ...(node.allOf ?? []).map((part: { pattern?: string }) => part.pattern)].filter(Boolean);
      const guards = (bad: string) => patterns.some((pattern: string) => !new RegExp(pattern, 'u').test(`a${bad}b`));
      if (!['\u0000', '\u001b', '\u007f', '\ud800'].every(guards)) unguarded.push(where);
    }
    expect(unguarded).toEqual([]);
  });
});

describe('ids in bodies', () => {
  const POSTGRES_INTEGER_MAX = 2 ** 31 - 1;
  it('are whole numbers from 1 to the Postgres integer maximum', () => {
    expect(MAX_ID).toBe(POSTGRES_INTEGER_MAX);
    expect(reportInputSchema.parse({ business_id: MAX_ID, reason: 'Other' }).business_id).toBe(MAX_ID);
    expect(reportInputSchema.parse({ business_id: '12', reason: 'Other' }).business_id).toBe(12);
    for (const business_id of [MAX_ID + 1, 3_000_000_000, 0, -1, 1.5, 'abc', null, 1e308]) {
      expect(reportInputSchema.safeParse({ business_id, reason: 'Other' }).error?.issues[0], String(business_id)).toMatchObject({
        path: ['business_id'],
        message: issueMessage('businessNotFound'),
      });
    }
  });

  it('every number a request takes is bounded, integers by the Postgres integer maximum', () => {
    const unbounded = requestSchemaNodes()
      .filter(([, node]) => node.type === 'integer' || node.type === 'number')
      .filter(([, node]) => node.maximum === undefined || (node.type === 'integer' && node.maximum > POSTGRES_INTEGER_MAX))
      .map(([where]) => where);
    expect(unbounded).toEqual([]);
  });
});

describe('path ids', () => {
  it('every route with an id in its path says what a 404 for that id reads, and no other route does', () => {
    for (const [name, definition] of Object.entries(API_ROUTES)) {
      const param = pathIdParam(definition);
      expect([name, !!param, typeof (definition as RouteDefinition).notFound]).toEqual([name, !!param, param ? 'string' : 'undefined']);
    }
    expect(pathIdParam(API_ROUTES.deleteComment)).toBe('commentId');
    expect(API_ROUTES.reviewReport.notFound).toBe('reportNotFound');
  });

  it('a second id in a path says what its 404 reads, and no other route does', () => {
    for (const [name, definition] of Object.entries(API_ROUTES)) {
      const param = secondPathIdParam(definition);
      expect([name, !!param, typeof (definition as RouteDefinition).secondNotFound]).toEqual([name, !!param, param ? 'string' : 'undefined']);
    }
    expect(secondPathIdParam(API_ROUTES.revertRevision)).toBe('revisionId');
  });
});

describe('comments and passwords', () => {
  it('trims comments and enforces 3..1000', () => {
    expect(issueText(commentInputSchema.safeParse({ comment_text: '  ab  ' }).error?.issues[0].message ?? '')).toBe(MESSAGES.commentTooShort);
    expect(commentInputSchema.parse({ comment_text: '  abc ' }).comment_text).toBe('abc');
    expect(commentInputSchema.safeParse({ comment_text: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('wants a new password different from the current one', () => {
    const same = changePasswordInputSchema.safeParse({ current_password: 'secret1', new_password: 'secret1' });
    expect(issueText(same.error?.issues[0].message ?? '')).toBe(MESSAGES.newPasswordSameAsCurrent);
    const short = changePasswordInputSchema.safeParse({ current_password: 'secret1', new_password: 'abc' });
    expect(issueText(short.error?.issues[0].message ?? '')).toBe(MESSAGES.newPasswordTooShort);
  });
});

describe('OpenAPI', () => {
  it('documents every route of the route list', () => {
    const document = buildOpenApiDocument('Zaytoon');
    expect(document.openapi).toBe('3.1.0');
    for (const definition of Object.values(API_ROUTES)) {
      const path = '/api' + definition.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[definition.method], `${definition.method} ${path}`).toBeDefined();
    }
  });

  it('says how the list pages and which answers carry an ETag', () => {
    const document = buildOpenApiDocument('Zaytoon') as { paths: Record<string, Record<string, any>> };
    const list = document.paths['/api/businesses'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'city', 'on_map', 'limit', 'cursor']),
    );
    expect(Object.keys(list.responses[200].headers)).toEqual(expect.arrayContaining(['X-Total-Count', 'Link', 'ETag']));
    for (const path of ['/api/businesses/summary', '/api/businesses/by-city']) {
      expect(document.paths[path].get.responses[304], path).toBeDefined();
    }
    // Comments and every admin queue page as the list does.
    for (const path of [
      '/api/businesses/{id}/comments',
      '/api/businesses/{id}/history',
      '/api/admin/reports/pending',
      '/api/admin/suggestions/pending',
      '/api/admin/businesses/reported',
      '/api/admin/claims',
      '/api/admin/duplicates',
      '/api/admin/rechecks',
      '/api/admin/links/broken',
    ]) {
      const paged = document.paths[path].get;
      expect(
        paged.parameters.map((parameter: { name: string }) => parameter.name),
        path,
      ).toEqual(expect.arrayContaining(['limit', 'cursor']));
      expect(Object.keys(paged.responses[200].headers), path).toEqual(expect.arrayContaining(['X-Total-Count', 'Link']));
    }
    const tile = document.paths['/api/businesses/map/{z}/{x}/{y}'].get;
    expect(tile.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining([
        'path:z',
        'path:x',
        'path:y',
        'query:v',
        'query:search',
        'query:category',
        'query:city',
        'query:verified',
        'query:open_now',
      ]),
    );
    expect(tile.parameters.find((parameter: { name: string }) => parameter.name === 'z').schema).toMatchObject({ type: 'string' });
    expect(document.paths['/api/businesses/map']).toBeUndefined();
    expect(document.paths['/api/businesses/map/version'].get).toBeDefined();
  });
});

describe('directory queries', () => {
  it('reads a map tile and its version, and refuses anything else with the contract messages', () => {
    const message = (input: object) => issueText(mapTileParamsSchema.safeParse(input).error?.issues[0].message ?? '');
    expect(mapTileParamsSchema.parse({ z: '6', x: '31', y: '20' })).toEqual({ z: 6, x: 31, y: 20 });
    expect(mapTileParamsSchema.parse({ z: '0', x: '0', y: '0' })).toEqual({ z: 0, x: 0, y: 0 });
    expect(message({ z: '21', x: '0', y: '0' })).toBe(MESSAGES.invalidZoom);
    expect(message({ z: '1.5', x: '0', y: '0' })).toBe(MESSAGES.invalidZoom);
    expect(message({ z: '6', x: '64', y: '0' })).toBe(MESSAGES.invalidTile);
    expect(message({ z: '6', x: '0', y: '-1' })).toBe(MESSAGES.invalidTile);
    expect(message({ z: '0', x: '1', y: '0' })).toBe(MESSAGES.invalidTile);
    expect(mapTileQuerySchema.parse({ v: '42', category: 'Cafe' })).toEqual({ v: 42, category: 'Cafe' });
    expect(issueText(mapTileQuerySchema.safeParse({ v: 'latest' }).error?.issues[0].message ?? '')).toBe(MESSAGES.invalidMapVersion);
    expect(businessListQuerySchema.parse({ limit: '500' }).limit).toBe(500);
    expect(issueText(businessListQuerySchema.safeParse({ limit: '501' }).error?.issues[0].message ?? '')).toBe(MESSAGES.limitOutOfRange);
  });

  it('builds query strings without empty or all filters, and reads the next cursor from Link', () => {
    expect(directoryQuery({ search: ' bakery ', category: 'all', city: '', limit: 3 })).toBe('?search=bakery&limit=3');
    expect(nextCursorFromLink('</api/businesses?city=Leeds&cursor=abc_-1>; rel="next"')).toBe('abc_-1');
    expect(nextCursorFromLink(null)).toBeNull();
  });
});
