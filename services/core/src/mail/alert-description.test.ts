import { describe, expect, it } from 'vitest';
import { mailTexts } from './mail-i18n';
import { describeAlert } from './mail-templates';

const none = { city: null, category: null, search: null, verified: null, open_now: false };

describe("an alert mail's heading names every filter of the alert", () => {
  it("says 'Verified only', 'Not verified' and a mail's 'Open now' in words", () => {
    const t = mailTexts('en');
    expect(describeAlert(t, { ...none, city: 'Leeds', verified: true, open_now: true })).toBe('In Leeds · Verified only · With opening hours');
    expect(describeAlert(t, { ...none, verified: false })).toBe('Not verified');
    expect(describeAlert(t, none)).toBe('All new businesses');
    expect(describeAlert(mailTexts('cy'), { ...none, verified: true })).toBe('Wedi’u dilysu yn unig');
  });
});
