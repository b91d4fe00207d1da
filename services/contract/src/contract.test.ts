import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildOpenApiDocument,
  businessListQuerySchema,
  mapQuerySchema,
  businessInputSchema,
  changePasswordInputSchema,
  commentInputSchema,
  MESSAGES,
  normaliseSocialLink,
  truncate,
  formatScore,
  pluralBusinesses,
} from './index.js';
import { directoryQuery, nextCursorFromLink } from './client/api-client.js';

describe('business input', () => {
  const base = { name: 'Olive', address: '1 High St', city: 'Leeds', postcode: 'LS1 1AA' };

  it('requires name, address, city and postcode with SPEC messages', () => {
    const result = businessInputSchema.safeParse({ name: ' ', address: '', city: '', postcode: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
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

describe('comments and passwords', () => {
  it('trims comments and enforces 3..1000', () => {
    expect(commentInputSchema.safeParse({ comment_text: '  ab  ' }).error?.issues[0].message).toBe(MESSAGES.commentTooShort);
    expect(commentInputSchema.parse({ comment_text: '  abc ' }).comment_text).toBe('abc');
    expect(commentInputSchema.safeParse({ comment_text: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('wants a new password different from the current one', () => {
    const same = changePasswordInputSchema.safeParse({ current_password: 'secret1', new_password: 'secret1' });
    expect(same.error?.issues[0].message).toBe(MESSAGES.newPasswordSameAsCurrent);
    const short = changePasswordInputSchema.safeParse({ current_password: 'secret1', new_password: 'abc' });
    expect(short.error?.issues[0].message).toBe(MESSAGES.newPasswordTooShort);
  });
});

describe('text helpers', () => {
  it('truncates with ... only when longer', () => {
    expect(truncate('a'.repeat(80), 80)).toBe('a'.repeat(80));
    expect(truncate('a'.repeat(81), 80)).toBe('a'.repeat(80) + '...');
  });
  it('formats scores and plurals', () => {
    expect([formatScore(3), formatScore(0), formatScore(-2)]).toEqual(['+3', '0', '-2']);
    expect([pluralBusinesses(1), pluralBusinesses(2)]).toEqual(['1 business', '2 businesses']);
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
    for (const path of ['/api/businesses/summary', '/api/businesses/by-city', '/api/businesses/map']) {
      expect(document.paths[path].get.responses[304], path).toBeDefined();
    }
    const map = document.paths['/api/businesses/map'].get;
    expect(map.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['bbox', 'zoom']));
  });
});

describe('directory queries', () => {
  it('reads a viewport and a zoom, and refuses anything else with the contract messages', () => {
    expect(mapQuerySchema.parse({ bbox: '-11,49.5,2,61', zoom: '6' })).toMatchObject({ bbox: [-11, 49.5, 2, 61], zoom: 6 });
    expect(mapQuerySchema.safeParse({ bbox: '-11,61,2,49', zoom: '6' }).error?.issues[0].message).toBe(MESSAGES.invalidBbox);
    expect(mapQuerySchema.safeParse({ bbox: '-11,49,2,61', zoom: '' }).error?.issues[0].message).toBe(MESSAGES.invalidZoom);
    expect(businessListQuerySchema.parse({ limit: '500' }).limit).toBe(500);
    expect(businessListQuerySchema.safeParse({ limit: '501' }).error?.issues[0].message).toBe(MESSAGES.limitOutOfRange);
  });

  it('builds query strings without empty or all filters, and reads the next cursor from Link', () => {
    expect(directoryQuery({ search: ' bakery ', category: 'all', city: '', limit: 3 })).toBe('?search=bakery&limit=3');
    expect(nextCursorFromLink('</api/businesses?city=Leeds&cursor=abc_-1>; rel="next"')).toBe('abc_-1');
    expect(nextCursorFromLink(null)).toBeNull();
  });
});
