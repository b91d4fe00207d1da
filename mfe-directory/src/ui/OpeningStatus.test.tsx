import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadMessages } from '../i18n/list-messages';
import { renderScreen } from '../test/harness';
import type { SpecialHoursEntry } from '@zaytoon/contract/client';
import { OpeningStatus } from './OpeningStatus';

const HOURS = {
  monday: '9:00 AM - 6:00 PM',
  tuesday: '9:00 AM - 6:00 PM',
  wednesday: '9-17:30',
  thursday: 'Closed',
  friday: '9:00 AM - 12:30 PM, 2:00 PM - 6:00 PM',
  saturday: '24 hours',
};
// Winter instants (London is UTC): Monday 12, Tuesday 13 ... Sunday 18 January 2026. Summer: Monday 13 July 2026 (UTC+1).
const instant = (iso: string) => new Date(iso).getTime();

function statusAt(iso: string, hours: Record<string, string> = HOURS, language?: 'ar', special: SpecialHoursEntry[] = []) {
  renderScreen(<OpeningStatus hours={hours} special={special} now={instant(iso)} />, { language });
  return screen.queryByTestId('opening-status')?.textContent ?? null;
}

beforeAll(() => preloadMessages('ar'));

describe('OpeningStatus', () => {
  it.each([
    ['2026-01-12T08:59:00Z', 'Closed · opens 9 am'],
    ['2026-01-12T09:00:00Z', 'Open · closes 6 pm'],
    ['2026-01-12T17:29:00Z', 'Open · closes 6 pm'],
    ['2026-01-12T17:30:00Z', 'Closing soon · closes 6 pm'],
    ['2026-01-12T17:59:00Z', 'Closing soon · closes 6 pm'],
    ['2026-01-12T18:00:00Z', 'Closed · opens Tue 9 am'],
    ['2026-07-13T07:59:00Z', 'Closed · opens 9 am'],
    ['2026-07-13T08:00:00Z', 'Open · closes 6 pm'],
    ['2026-07-13T16:59:00Z', 'Closing soon · closes 6 pm'],
    ['2026-07-13T17:00:00Z', 'Closed · opens Tue 9 am'],
    ['2026-01-14T12:00:00Z', 'Open · closes 5:30 pm'],
    ['2026-01-15T12:00:00Z', 'Closed · opens Fri 9 am'],
    ['2026-01-16T13:00:00Z', 'Closed · opens 2 pm'],
    ['2026-01-17T03:00:00Z', 'Open 24 hours'],
    ['2026-01-18T12:00:00Z', 'Closed · opens Mon 9 am'],
  ])('at %s: %s', (iso, expected) => expect(statusAt(iso)).toBe(expected));

  it("shows nothing rather than 'Closed' when the hours are not usable", () => {
    expect(statusAt('2026-01-12T12:00:00Z', {})).toBeNull();
    expect(statusAt('2026-01-12T12:00:00Z', { monday: 'By appointment' })).toBeNull();
  });

  it("says only 'Closed' for a business closed every day", () => {
    expect(statusAt('2026-01-12T12:00:00Z', { monday: 'Closed', friday: 'Closed' })).toBe('Closed');
  });

  const EID: SpecialHoursEntry = { label: 'Eid al-Fitr', first_date: '2026-01-12', last_date: '2026-01-12', closed: true, opens: null, closes: null };
  const LATE: SpecialHoursEntry = { label: 'عيد', first_date: '2026-01-12', last_date: '2026-01-12', closed: false, opens: '18:00', closes: '02:00' };
  it.each<[string, SpecialHoursEntry, string]>([
    ['2026-01-12T12:00:00Z', EID, 'Closed · opens Tue 9 am · Eid al-Fitr'],
    ['2026-01-12T19:00:00Z', LATE, 'Open · closes 2 am · عيد'],
    ['2026-01-13T01:40:00Z', LATE, 'Closing soon · closes 2 am'],
  ])('with special hours, at %s: %s', (iso, special, expected) => expect(statusAt(iso, HOURS, undefined, [special])).toBe(expected));

  it('speaks the page language, times and days from Intl', async () => {
    renderScreen(<OpeningStatus hours={HOURS} now={instant('2026-01-12T18:00:00Z')} />, { language: 'ar' });
    const text = (await screen.findByTestId('opening-status')).textContent ?? '';
    expect(text.startsWith('مغلق · يفتح ')).toBe(true);
    expect(text).toContain(new Intl.DateTimeFormat('ar', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 2)));
  });
});
