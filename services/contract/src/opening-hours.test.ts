import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './limits';
import { EID_2026, RAMADAN_2026 } from './testing';
import {
  HOURS_WEEKDAYS,
  londonWeekMinute,
  openMinutesMultirange,
  openingStatus,
  openingStatusAt,
  parseDayHours,
  weeklyOpenIntervals,
  type MinuteRange,
  type SpecialHoursEntry,
} from './opening-hours';

const at = (hour: number, minute = 0) => hour * 60 + minute;
const DAY = 1440;
const WEEK = 7 * DAY;
const WEEKDAYS_9_TO_6 = { monday: '9:00 AM - 6:00 PM', tuesday: '9:00 AM - 6:00 PM', wednesday: '9-18', thursday: '9am-6pm', friday: '9 - 6 pm' };

it("reads limits.ts's weekdays, in their order", () => expect(HOURS_WEEKDAYS).toEqual(WEEKDAYS));

describe('parseDayHours', () => {
  it.each<[string, MinuteRange[] | null]>([
    ['9:00 AM - 6:00 PM', [[at(9), at(18)]]],
    ['9-17:30', [[at(9), at(17, 30)]]],
    ['09:00–17:00', [[at(9), at(17)]]],
    ['9am to 5pm', [[at(9), at(17)]]],
    ['9-5', [[at(9), at(17)]]],
    ['9-5pm', [[at(9), at(17)]]],
    ['6-11pm', [[at(18), at(23)]]],
    ['12:00 PM - 10:00 PM', [[at(12), at(22)]]],
    ['12 AM - 6 AM', [[0, at(6)]]],
    ['Closed', []],
    ['closed', []],
    ['24 hours', [[0, DAY]]],
    ['Open 24 hours', [[0, DAY]]],
    [
      '9:00 AM - 12:30 PM, 2:00 PM - 6:00 PM',
      [
        [at(9), at(12, 30)],
        [at(14), at(18)],
      ],
    ],
    [
      '9-12 & 13:30-17',
      [
        [at(9), at(12)],
        [at(13, 30), at(17)],
      ],
    ],
    ['6 pm - 2 am', [[at(18), DAY + at(2)]]],
    ['18:00-00:00', [[at(18), DAY]]],
    ['By appointment', null],
    ['9:00 AM', null],
    ['13pm - 2pm', null],
    ['9:75 - 17', null],
    ['', null],
  ])('%s', (text, expected) => expect(parseDayHours(text)).toEqual(expected));
});

describe('weeklyOpenIntervals', () => {
  it('places each day in the week, leaves missing days closed and merges touching ranges', () => {
    expect(weeklyOpenIntervals({ monday: '9-17', wednesday: '6 pm - 2 am', thursday: '2am-4am' })).toEqual([
      [at(9), at(17)],
      [2 * DAY + at(18), 3 * DAY + at(4)],
    ]);
  });
  it('wraps a Sunday night past midnight into Monday', () => {
    expect(weeklyOpenIntervals({ sunday: '6 pm - 2 am' })).toEqual([
      [0, at(2)],
      [6 * DAY + at(18), WEEK],
    ]);
  });
  it('is null with no usable hours: none given, or a day it cannot read', () => {
    expect(weeklyOpenIntervals({})).toBeNull();
    expect(weeklyOpenIntervals(null)).toBeNull();
    expect(weeklyOpenIntervals({ monday: '  ' })).toBeNull();
    expect(weeklyOpenIntervals({ monday: '9-17', tuesday: 'ring the bell' })).toBeNull();
  });
  it('is empty when every day given is closed, and one week-long interval when open 24 hours every day', () => {
    expect(weeklyOpenIntervals({ monday: 'Closed', sunday: 'Closed' })).toEqual([]);
    const always = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, '24 hours']));
    expect(weeklyOpenIntervals(always)).toEqual([[0, WEEK]]);
    expect(openMinutesMultirange(always)).toBe('{[0,10080)}');
    expect(openMinutesMultirange({ monday: '9-17', tuesday: '9-12, 13-17' })).toBe('{[540,1020),[1980,2160),[2220,2460)}');
    expect(openMinutesMultirange({ sunday: 'Closed' })).toBe('{}');
    expect(openMinutesMultirange({})).toBeNull();
  });
});

describe('londonWeekMinute', () => {
  it('reads London local time, winter (GMT) and summer (BST)', () => {
    // Monday 2026-01-12 and Monday 2026-07-13.
    expect(londonWeekMinute(new Date('2026-01-12T09:00:00Z'))).toBe(at(9));
    expect(londonWeekMinute(new Date('2026-07-13T08:00:00Z'))).toBe(at(9));
    expect(londonWeekMinute(new Date('2026-07-12T23:30:00Z'))).toBe(at(0, 30));
    expect(londonWeekMinute(new Date('2026-07-12T22:59:00Z'))).toBe(6 * DAY + at(23, 59));
  });
  it('follows the clock changes: Sunday 2026-03-29 (BST starts) and Sunday 2026-10-25 (BST ends)', () => {
    const sunday = 6 * DAY;
    expect(londonWeekMinute(new Date('2026-03-29T00:59:00Z'))).toBe(sunday + at(0, 59));
    expect(londonWeekMinute(new Date('2026-03-29T01:00:00Z'))).toBe(sunday + at(2));
    expect(londonWeekMinute(new Date('2026-03-29T08:00:00Z'))).toBe(sunday + at(9));
    expect(londonWeekMinute(new Date('2026-10-25T00:59:00Z'))).toBe(sunday + at(1, 59));
    expect(londonWeekMinute(new Date('2026-10-25T01:00:00Z'))).toBe(sunday + at(1));
    expect(londonWeekMinute(new Date('2026-10-25T09:00:00Z'))).toBe(sunday + at(9));
  });
});

describe('openingStatus', () => {
  const week = weeklyOpenIntervals({ ...WEEKDAYS_9_TO_6, sunday: '10:00 AM - 4:00 PM' });
  const statusAt = (iso: string, intervals = week) => openingStatus(intervals, londonWeekMinute(new Date(iso)));

  // Winter: London is UTC. Summer: London is UTC+1.
  it.each([
    ['winter', '2026-01-14T08:59:00Z', '2026-01-14T09:00:00Z', '2026-01-14T17:59:00Z', '2026-01-14T18:00:00Z'],
    ['summer', '2026-07-15T07:59:00Z', '2026-07-15T08:00:00Z', '2026-07-15T16:59:00Z', '2026-07-15T17:00:00Z'],
  ])('a Wednesday 9 am - 6 pm in %s: closed at 8:59, open at 9:00 and 17:59, closed at 18:00', (_, before, opening, last, closing) => {
    const wednesday = 2 * DAY;
    expect(statusAt(before)).toEqual({ open: false, opens: wednesday + at(9), today: true });
    expect(statusAt(opening)).toEqual({ open: true, closes: wednesday + at(18) });
    expect(statusAt(last)).toEqual({ open: true, closes: wednesday + at(18) });
    expect(statusAt(closing)).toEqual({ open: false, opens: 3 * DAY + at(9), today: false });
  });

  it.each([
    ['BST starts', '2026-03-29T09:00:00Z', '2026-03-29T14:59:00Z', '2026-03-29T15:00:00Z'],
    ['BST ends', '2026-10-25T10:00:00Z', '2026-10-25T15:59:00Z', '2026-10-25T16:00:00Z'],
  ])('Sunday 10 am - 4 pm on the day %s', (_, opening, last, closing) => {
    const sunday = 6 * DAY;
    expect(statusAt(opening)).toEqual({ open: true, closes: sunday + at(16) });
    expect(statusAt(last)).toEqual({ open: true, closes: sunday + at(16) });
    expect(statusAt(closing)).toEqual({ open: false, opens: at(9), today: false });
  });

  it('on the clock-change days, 8:59 and 9:00 local around a 9 am opening', () => {
    const intervals = weeklyOpenIntervals({ sunday: '9-18' });
    const sunday = 6 * DAY;
    // 2026-03-29 is BST from 01:00 UTC: 9:00 local is 08:00 UTC.
    expect(statusAt('2026-03-29T07:59:00Z', intervals)).toEqual({ open: false, opens: sunday + at(9), today: true });
    expect(statusAt('2026-03-29T08:00:00Z', intervals)).toEqual({ open: true, closes: sunday + at(18) });
    expect(statusAt('2026-03-29T16:59:00Z', intervals)?.open).toBe(true);
    expect(statusAt('2026-03-29T17:00:00Z', intervals)?.open).toBe(false);
    // 2026-10-25 is GMT from 01:00 UTC: 9:00 local is 09:00 UTC.
    expect(statusAt('2026-10-25T08:59:00Z', intervals)).toEqual({ open: false, opens: sunday + at(9), today: true });
    expect(statusAt('2026-10-25T09:00:00Z', intervals)).toEqual({ open: true, closes: sunday + at(18) });
    expect(statusAt('2026-10-25T17:59:00Z', intervals)?.open).toBe(true);
    expect(statusAt('2026-10-25T18:00:00Z', intervals)?.open).toBe(false);
  });

  it('open all day says so; past midnight closes the next morning; never open has no next opening; no hours, no status', () => {
    const monday = '2026-01-12T12:00:00Z';
    expect(statusAt(monday, weeklyOpenIntervals({ monday: '24 hours', tuesday: '9-17' }))).toEqual({ open: true, closes: null });
    expect(statusAt(monday, [[0, WEEK]])).toEqual({ open: true, closes: null });
    expect(statusAt('2026-01-13T01:00:00Z', weeklyOpenIntervals({ monday: '6 pm - 2 am' }))).toEqual({ open: true, closes: DAY + at(2) });
    expect(statusAt('2026-01-19T01:00:00Z', weeklyOpenIntervals({ sunday: '6 pm - 2 am' }))).toEqual({ open: true, closes: at(2) });
    expect(statusAt('2026-01-18T23:00:00Z', weeklyOpenIntervals({ sunday: '6 pm - 2 am' }))).toEqual({ open: true, closes: at(2) });
    expect(statusAt(monday, weeklyOpenIntervals({ monday: 'Closed' }))).toEqual({ open: false, opens: null, today: false });
    expect(statusAt(monday, weeklyOpenIntervals({}))).toBeNull();
  });
});

describe('openingStatusAt: special hours over the weekly ones', () => {
  const RAMADAN = RAMADAN_2026;
  const EID = EID_2026;
  const ALWAYS = Object.fromEntries(HOURS_WEEKDAYS.map((day) => [day, '24 hours']));
  const FRIDAY = 4 * DAY;
  const SATURDAY = 5 * DAY;

  it('a special closed day overrides the weekly hours, that date only', () => {
    // Friday 20 March 2026, noon GMT: a shop open around the clock is closed for Eid, and opens at Saturday's midnight.
    expect(openingStatusAt(ALWAYS, [EID], new Date('2026-03-20T12:00:00Z'))).toEqual({
      open: false,
      opens: SATURDAY,
      today: false,
      special: ['Eid al-Fitr'],
    });
    expect(openingStatusAt(ALWAYS, [EID], new Date('2026-03-19T23:59:00Z'))).toMatchObject({ open: true, closes: FRIDAY, closingSoon: true });
    expect(openingStatusAt(ALWAYS, [EID], new Date('2026-03-21T00:00:00Z'))).toEqual({ open: true, closes: null, closingSoon: false, special: [] });
  });

  it('special open hours replace the weekly ones on their dates (28 March - 2 April, across the month)', () => {
    // Monday 30 March 2026 (BST), 12:00 London: the weekly 9-18 is replaced; it opens at 18:00.
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-03-30T11:00:00Z'))).toEqual({
      open: false,
      opens: at(18),
      today: true,
      special: ['Ramadan'],
    });
    // Wednesday 1 April, 19:00 London: open until 2 am Thursday.
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-04-01T18:00:00Z'))).toMatchObject({ open: true, closes: 3 * DAY + at(2) });
    // Friday 3 April is past the range: the weekly hours again, 9 am.
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-04-03T08:30:00Z'))).toMatchObject({ open: true, closes: FRIDAY + at(18) });
  });

  it('a 6 PM - 2 AM day is still open at 1 AM the next date, even past the range and across the clock change', () => {
    // Saturday 3 April 01:00 BST (00:00 GMT), the night after the range's last date (2 April).
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-04-03T00:00:00Z'))).toEqual({
      open: true,
      closes: FRIDAY + at(2),
      closingSoon: false,
      special: [],
    });
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-04-03T01:00:00Z'))).toMatchObject({
      open: false,
      today: true,
      opens: FRIDAY + at(9),
    });
    // Sunday 29 March 00:30 GMT, before the clocks go forward: Saturday 28 March's night goes on.
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-03-29T00:30:00Z'))).toMatchObject({ open: true });
  });

  it("'Closing soon' within 30 minutes of closing", () => {
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-04-03T00:40:00Z'))).toMatchObject({ open: true, closingSoon: true });
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [RAMADAN], new Date('2026-04-03T00:29:00Z'))).toMatchObject({ open: true, closingSoon: false });
    // Monday 12 January 2026, 17:40 GMT: 20 minutes before a weekly 6 pm.
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [], new Date('2026-01-12T17:40:00Z'))).toMatchObject({ open: true, closes: at(18), closingSoon: true });
    expect(openingStatusAt(WEEKDAYS_9_TO_6, [], new Date('2026-01-12T17:29:00Z'))).toMatchObject({ open: true, closingSoon: false });
  });

  it('the weekly hours spilling past midnight stop at a special date; several entries on a date add up', () => {
    const lateBar = { thursday: '6 pm - 2 am' };
    expect(openingStatusAt(lateBar, [], new Date('2026-03-20T01:00:00Z'))).toMatchObject({ open: true });
    expect(openingStatusAt(lateBar, [EID], new Date('2026-03-20T01:00:00Z'))).toMatchObject({ open: false, special: ['Eid al-Fitr'] });
    const split: SpecialHoursEntry[] = [
      { label: 'Eid lunch', first_date: '2026-03-20', last_date: '2026-03-20', closed: false, opens: '12:00', closes: '15:00' },
      { label: 'Eid dinner', first_date: '2026-03-20', last_date: '2026-03-20', closed: false, opens: '18:00', closes: '23:00' },
    ];
    expect(openingStatusAt({}, split, new Date('2026-03-20T16:00:00Z'))).toEqual({
      open: false,
      opens: FRIDAY + at(18),
      today: true,
      special: ['Eid lunch', 'Eid dinner'],
    });
  });

  it('without usable weekly hours: a status on special dates only', () => {
    expect(openingStatusAt({ monday: 'By appointment' }, [EID], new Date('2026-03-20T12:00:00Z'))).toEqual({
      open: false,
      opens: null,
      today: false,
      special: ['Eid al-Fitr'],
    });
    expect(openingStatusAt({ monday: 'By appointment' }, [EID], new Date('2026-03-21T12:00:00Z'))).toBeNull();
  });
});
