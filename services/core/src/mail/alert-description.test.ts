import { describe, expect, it } from 'vitest';
import { mailTexts } from './mail-i18n';
import { alertHeading } from './mail-templates';

const none = { city: null, category: null, search: null, verified: null, open_now: false };

describe("an alert mail's heading names every filter of the alert", () => {
  it("says 'Verified only', 'Not verified' and a mail's 'Open now' in words", () => {
    const t = mailTexts('en');
    expect(alertHeading(t, { ...none, city: 'Leeds', verified: true, open_now: true })).toBe('In Leeds · Verified only · With opening hours');
    expect(alertHeading(t, { ...none, verified: false })).toBe('Not verified');
    expect(alertHeading(t, none)).toBe('All new businesses');
    expect(alertHeading(mailTexts('cy'), { ...none, verified: true })).toBe('Wedi’u dilysu yn unig');
  });

  it("says 'Alternative to…' with the brand's name and 'Palestinian products' with the type's", () => {
    const t = mailTexts('en');
    const brand = { alternative_to: 'examplebucks', alternative_to_name: 'Examplebucks' };
    expect(alertHeading(t, { ...none, city: 'Leeds', ...brand })).toBe('In Leeds · Alternative to Examplebucks');
    expect(alertHeading(t, { ...none, palestinian_product: 'olive-oil', palestinian_product_name: 'Olive oil' })).toBe(
      'Palestinian products: Olive oil',
    );
    expect(alertHeading(t, { ...none, palestinian_product: 'any', palestinian_product_name: null })).toBe('Stocks Palestinian products');
    const ceramics = { palestinian_product: 'ceramics', palestinian_product_name: 'Ceramics' };
    expect(alertHeading(mailTexts('cy'), { ...none, ...ceramics })).toBe('Cynhyrchion Palesteinaidd: Cerameg');
    expect(alertHeading(mailTexts('ar'), { ...none, ...ceramics })).toBe('منتجات فلسطينية: خزف');
    expect(alertHeading(t, { ...none, palestinian_product: 'keffiyehs', palestinian_product_name: 'Keffiyehs' })).toBe(
      'Palestinian products: Keffiyehs',
    );
  });
});
