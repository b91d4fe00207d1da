import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildOpenApiDocument,
  businessInputSchema,
  changePasswordInputSchema,
  commentInputSchema,
  MESSAGES,
  normaliseSocialLink,
  truncate,
  formatScore,
  pluralBusinesses,
} from './index.js';

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
});
