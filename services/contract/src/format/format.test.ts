import { describe, expect, it } from 'vitest';
import {
  addressLine,
  businessCount,
  capitalise,
  describeText,
  describeValue,
  formatDate,
  formatDayMonthYear,
  formatMonthYear,
  formatScore,
  isHttpUrl,
  socialUrl,
  sourcesText,
  truncate,
  type ValueWords,
} from './index';

describe('text helpers', () => {
  it('truncates with ... only when longer', () => {
    expect(truncate('a'.repeat(80), 80)).toBe('a'.repeat(80));
    expect(truncate('a'.repeat(81), 80)).toBe('a'.repeat(80) + '...');
    expect(truncate(null, 80)).toBe('');
  });

  it('formats scores and plurals', () => {
    expect([formatScore(3), formatScore(0), formatScore(-2), formatScore(null)]).toEqual(['+3', '0', '-2', '0']);
    expect([businessCount(1), businessCount(2), businessCount(0)]).toEqual(['1 business', '2 businesses', '0 businesses']);
  });

  it('writes dates en-GB and nothing for a missing or broken one', () => {
    expect(formatDate('2024-03-05T10:00:00Z')).toBe('05/03/2024');
    expect([formatDate(null), formatDate('not a date')]).toEqual(['', '']);
    expect(formatDate('2024-03-05T10:00:00Z', 'cy')).toBe('5/3/2024');
  });

  it('writes a stored day in words as that day wherever the visitor is, in the page language', () => {
    expect(formatDayMonthYear('2024-03-05', 'en-GB')).toBe('5 March 2024');
    expect(formatDayMonthYear('2024-03-05', 'cy')).toBe('5 Mawrth 2024');
    expect(formatMonthYear('2024-03-31', 'en-GB')).toBe('March 2024');
    expect(formatMonthYear('2024-03-31T23:30:00Z', 'en-GB')).toBe('March 2024');
    expect(formatMonthYear('2024-03-31', 'ar')).toBe(
      new Date('2024-03-31T00:00:00Z').toLocaleDateString('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    );
    expect([formatDayMonthYear(undefined, 'en-GB'), formatMonthYear('soon', 'en-GB')]).toEqual(['', '']);
  });

  it('keeps each style and language apart (one formatter for each pair)', () => {
    expect([formatDate('2024-03-05', 'en-GB'), formatMonthYear('2024-03-05', 'en-GB'), formatMonthYear('2024-03-05', 'cy')]).toEqual([
      '05/03/2024',
      'March 2024',
      'Mawrth 2024',
    ]);
  });

  it('joins the address with the city and postcode, skipping what is missing', () => {
    expect(addressLine({ address: '1 High St', city: 'Leeds', postcode: 'LS1 1AA' })).toBe('1 High St, Leeds LS1 1AA');
    expect(addressLine({ city: 'Leeds' })).toBe('Leeds');
    expect(capitalise('monday')).toBe('Monday');
  });

  it('shows JSON suggestions as key: value pairs and other text as it is', () => {
    expect(describeValue('{"monday":"9-5","tuesday":"10-4"}')).toBe('monday: 9-5, tuesday: 10-4');
    expect(describeValue('{broken')).toBe('{broken');
    expect(describeValue('New name')).toBe('New name');
    expect(describeValue(null)).toBe('');
  });

  it('shows a suggested source as its line, with its link when it has one', () => {
    const source = { kind: 'In-store sign', url: '', description: 'Sign in the window', date: '2025-06-01' };
    expect(describeValue(JSON.stringify(source))).toBe('In-store sign, 2025-06-01: Sign in the window');
    expect(describeValue(JSON.stringify({ ...source, url: 'https://olive.example/sign' }))).toBe(
      'In-store sign, 2025-06-01: Sign in the window (https://olive.example/sign)',
    );
    expect(describeValue(JSON.stringify({ ...source, kind: 'Other' }))).toBe('Sign in the window');
  });

  it("writes a value out in a page's words, reading stored source lines back; English's words change nothing", () => {
    const words: ValueWords = {
      sourceKind: (kind) => (kind === 'In-store sign' ? 'لافتة في المتجر' : undefined),
      sourceLine: ({ kind, date, text }) => `${kind}، ${date}: ${text}`,
      valueEntry: ({ key, value }) => `[${key}] ${value}`,
      list: (entries) => entries.join(' / '),
      closed: 'مغلق',
    };
    const stored = sourcesText([
      { kind: 'In-store sign', date: '2025-06-01', description: 'Sign in the window' },
      { kind: 'Other', date: '2025-06-02', description: 'Seen, 2025-06-03: at the till' },
    ]);
    expect(describeText(stored, words)).toBe('لافتة في المتجر، 2025-06-01: Sign in the window\nSeen, 2025-06-03: at the till');
    expect(describeValue(stored)).toBe(stored);
    expect(describeValue('{"monday":"9-5","friday":"10-4"}', words)).toBe('[monday] 9-5 / [friday] 10-4');
    const source = { kind: 'In-store sign', url: 'https://olive.example/sign', description: 'Sign', date: '2025-06-01' };
    expect(describeValue(JSON.stringify(source), words)).toBe('لافتة في المتجر، 2025-06-01: Sign (https://olive.example/sign)');
    const special = [
      { label: 'Eid al-Fitr', first_date: '2027-03-10', last_date: '2027-03-10', closed: true, opens: null, closes: null },
      { label: 'Ramadan', first_date: '2027-02-08', last_date: '2027-03-09', closed: false, opens: '18:00', closes: '02:00' },
    ];
    expect(describeValue(JSON.stringify(special))).toBe('Eid al-Fitr: 2027-03-10, Closed, Ramadan: 2027-02-08 – 2027-03-09, 18:00 – 02:00');
    expect(describeValue(JSON.stringify(special), words)).toBe('[Eid al-Fitr] 2027-03-10, مغلق / [Ramadan] 2027-02-08 – 2027-03-09, 18:00 – 02:00');
  });
});

describe('link helpers', () => {
  it('accepts only http and https links', () => {
    expect([isHttpUrl('https://olive.example'), isHttpUrl('http://olive.example')]).toEqual([true, true]);
    expect([isHttpUrl('javascript:alert(1)'), isHttpUrl('olive.example'), isHttpUrl(''), isHttpUrl(null)]).toEqual([false, false, false, false]);
  });

  it('turns social handles into the network links SPEC §2 describes', () => {
    expect(socialUrl('facebook', 'olivegrove')).toBe('https://facebook.com/olivegrove');
    expect(socialUrl('twitter', '@olive')).toBe('https://twitter.com/olive');
    expect(socialUrl('instagram', ' https://instagram.com/olive ')).toBe('https://instagram.com/olive');
  });
});
