/**
 * Opening hours: the texts people type per weekday become weekly open intervals, in minutes
 * since Monday 00:00 London local time, and an instant becomes its minute of the London week. The server stores the
 * intervals (the 'Open now' filter); the browser computes the status line from the same parser. No dependencies
 * (Intl only): /browse's first load carries it.
 */

/**
 * limits.ts's WEEKDAYS, spelled again: importing limits.ts would pull it (the screens' chunk) into /browse's first
 * load, or this module into the screens' chunk (a test checks the two lists agree).
 */
export const HOURS_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export const DAY_MINUTES = 1440;
export const WEEK_MINUTES = 7 * DAY_MINUTES;

/** Half-open [start, end) in minutes. */
export type MinuteRange = [number, number];

const TIME = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?m?\.?$/;

function readTime(text: string): { minutes: number; meridiem: string | undefined } | null {
  const word = text === 'midnight' ? '0' : text === 'noon' || text === 'midday' ? '12:00' : text;
  const match = TIME.exec(word);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3];
  if (minute > 59 || hour > 24 || (meridiem && (hour < 1 || hour > 12)) || (hour === 24 && minute > 0)) return null;
  return { minutes: hour * 60 + minute, meridiem };
}

const withMeridiem = (minutes: number, meridiem: string) => (minutes % 720) + (meridiem === 'p' ? 720 : 0);

/** '9:00 AM - 6:00 PM', '9-17:30', '9-5pm', '6 pm - 2 am' as minutes of the day; the end passes 1440 past midnight. */
function readRange(text: string): MinuteRange | null {
  const parts = text.split('-').map((part) => part.trim());
  if (parts.length !== 2) return null;
  const from = readTime(parts[0]);
  const to = readTime(parts[1]);
  if (!from || !to) return null;
  let start = from.meridiem ? withMeridiem(from.minutes, from.meridiem) : from.minutes;
  let end = to.meridiem ? withMeridiem(to.minutes, to.meridiem) : to.minutes;
  if (!from.meridiem && to.meridiem) {
    // '6-11pm' is 6 pm to 11 pm; '9-5pm' is 9 am to 5 pm.
    const same = withMeridiem(from.minutes, to.meridiem);
    start = same < end ? same : withMeridiem(from.minutes, to.meridiem === 'p' ? 'a' : 'p');
  } else if (!to.meridiem && end <= start && end < 720 && end + 720 > start) {
    // '9-5' and '9am - 5' close at 5 pm.
    end += 720;
  }
  if (end === start) return null;
  if (end < start) end += DAY_MINUTES;
  return [start, end];
}

/**
 * One day's text: its open ranges in minutes of that day ([] when closed; an end past 1440 runs into the next
 * day), or null when it cannot be read.
 */
export function parseDayHours(text: string): MinuteRange[] | null {
  const normalised = text
    .toLowerCase()
    .replace(/[\u2012-\u2015\u2212]|\bto\b|\buntil\b|\btill\b/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^closed\b/.test(normalised)) return [];
  if (/^(open )?(24 ?h(ours|rs)?|24\/7|all day)$/.test(normalised)) return [[0, DAY_MINUTES]];
  const ranges: MinuteRange[] = [];
  for (const piece of normalised.split(/,|;|&|\/|\band\b/)) {
    if (!piece.trim()) continue;
    const range = readRange(piece);
    if (!range) return null;
    ranges.push(range);
  }
  return ranges.length ? ranges : null;
}

/**
 * A business's week as sorted, merged open intervals in minutes since Monday 00:00 (a range past Sunday midnight
 * wraps to Monday). A day left out is closed. null when the hours are unusable: none given, or a day that cannot
 * be read (then no status is better than a wrong 'Closed').
 */
export function weeklyOpenIntervals(hours: Partial<Record<string, string>> | null | undefined): MinuteRange[] | null {
  if (!hours) return null;
  const ranges: MinuteRange[] = [];
  let given = false;
  for (const [index, day] of HOURS_WEEKDAYS.entries()) {
    const text = hours[day]?.trim();
    if (!text) continue;
    const parsed = parseDayHours(text);
    if (!parsed) return null;
    given = true;
    for (const [start, end] of parsed) {
      const from = index * DAY_MINUTES + start;
      const to = index * DAY_MINUTES + end;
      if (to > WEEK_MINUTES) ranges.push([from, WEEK_MINUTES], [0, to - WEEK_MINUTES]);
      else ranges.push([from, to]);
    }
  }
  if (!given) return null;
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: MinuteRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

let londonClock: Intl.DateTimeFormat | undefined;

/** The instant's minute of the London week (0 = Monday 00:00 local time), British Summer Time included. */
export function londonWeekMinute(instant: Date | number): number {
  londonClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of londonClock.formatToParts(instant)) parts[part.type] = part.value;
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday);
  return day * DAY_MINUTES + (Number(parts.hour) % 24) * 60 + Number(parts.minute);
}

/**
 * Open: `closes` is the closing minute of the week, null when open all that day (or always). Closed: `opens` is
 * the next opening minute of the week (null when it never opens) and `today` whether that is later the same day.
 */
export type OpeningStatus = { open: true; closes: number | null } | { open: false; opens: number | null; today: boolean };

export function openingStatus(intervals: MinuteRange[] | null, minute: number): OpeningStatus | null {
  if (!intervals) return null;
  const dayStart = minute - (minute % DAY_MINUTES);
  const current = intervals.find(([start, end]) => start <= minute && minute < end);
  if (current) {
    const always = intervals.length === 1 && current[1] - current[0] === WEEK_MINUTES;
    // A range ending at Sunday midnight goes on in Monday's (wrapped) first interval.
    const wrapped = current[1] === WEEK_MINUTES && intervals[0][0] === 0 ? intervals[0][1] + WEEK_MINUTES : current[1];
    const allDay = always || (current[0] <= dayStart && wrapped >= dayStart + DAY_MINUTES);
    return { open: true, closes: allDay ? null : wrapped % WEEK_MINUTES };
  }
  const next = intervals.find(([start]) => start > minute) ?? intervals[0];
  if (!next) return { open: false, opens: null, today: false };
  return { open: false, opens: next[0], today: next[0] > minute && next[0] < dayStart + DAY_MINUTES };
}

/** The hours' weekly open intervals as Postgres int4multirange text ('{}' when never open); null when not usable. */
export function openMinutesMultirange(hours: Partial<Record<string, string>> | null | undefined): string | null {
  const intervals = weeklyOpenIntervals(hours);
  return intervals && `{${intervals.map(([start, end]) => `[${start},${end})`).join(',')}}`;
}

/**
 * Hours for special dates ('Eid al-Fitr: Closed', 'Ramadan: 18:00 - 02:00' over a range of dates). Inside a special
 * date, midnight to midnight London time, only the special hours count; a special closing time before the opening
 * one runs past midnight into the next date. Outside special dates the weekly hours count, minute by minute, as
 * before. The server's 'Open now' (migration 035) reads the same rule.
 */
export interface SpecialHoursEntry {
  label: string;
  /** YYYY-MM-DD, London dates, both included. */
  first_date: string;
  last_date: string;
  closed: boolean;
  /** HH:MM on a 24-hour clock; null when closed. */
  opens: string | null;
  closes: string | null;
}

/** 'HH:MM' as minutes of the day, or null. */
export function minutesOfTime(text: string | null | undefined): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A special entry's open range in minutes of its date (the end past 1440 when it closes after midnight); null when closed. */
export function specialRange(entry: Pick<SpecialHoursEntry, 'closed' | 'opens' | 'closes'>): MinuteRange | null {
  const opens = minutesOfTime(entry.opens);
  const closes = minutesOfTime(entry.closes);
  if (entry.closed || opens === null || closes === null || opens === closes) return null;
  return [opens, closes > opens ? closes : closes + DAY_MINUTES];
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (date: string): number => Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Monday, as HOURS_WEEKDAYS (1 January 1970 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 3) % 7) + 7) % 7;

let londonDateClock: Intl.DateTimeFormat | undefined;

/** The instant's London date (YYYY-MM-DD) and minute of that day. */
export function londonDateAndMinute(instant: Date | number): { date: string; minute: number } {
  londonDateClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of londonDateClock.formatToParts(instant)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

/** The special entries that cover a date, in their order. */
export const specialEntriesOn = <Entry extends Pick<SpecialHoursEntry, 'first_date' | 'last_date'>>(
  special: readonly Entry[],
  date: string,
): Entry[] => special.filter((entry) => entry.first_date <= date && date <= entry.last_date);

function mergeRanges(ranges: MinuteRange[]): MinuteRange[] {
  const merged: MinuteRange[] = [];
  for (const range of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** `ranges` without the parts inside `holes` (both merged, sorted). */
function withoutRanges(ranges: MinuteRange[], holes: MinuteRange[]): MinuteRange[] {
  let pieces = ranges;
  for (const [holeStart, holeEnd] of holes) {
    pieces = pieces.flatMap(([start, end]): MinuteRange[] => {
      if (end <= holeStart || start >= holeEnd) return [[start, end]];
      return [...(start < holeStart ? [[start, holeStart] as MinuteRange] : []), ...(end > holeEnd ? [[holeEnd, end] as MinuteRange] : [])];
    });
  }
  return pieces;
}

/** Minutes before closing from which a business shows 'Closing soon'. */
export const CLOSING_SOON_MINUTES = 30;

/**
 * The status line's facts at an instant, with the special dates: `closes`/`opens` are minutes of the week as in
 * OpeningStatus; `closingSoon` when it closes within CLOSING_SOON_MINUTES; `special` the labels of the special entries
 * of that date. null when the weekly hours are not usable and the date is not special.
 */
export type OpeningStatusAt = (
  { open: true; closes: number | null; closingSoon: boolean } | { open: false; opens: number | null; today: boolean }
) & { special: string[] };

const LOOKAHEAD_DAYS = 8;

export function openingStatusAt(
  hours: Partial<Record<string, string>> | null | undefined,
  special: readonly SpecialHoursEntry[] | null | undefined,
  instant: Date | number,
): OpeningStatusAt | null {
  const local = londonDateAndMinute(instant);
  const today = dayNumber(local.date);
  const now = today * DAY_MINUTES + local.minute;
  const entries = special ?? [];
  const weeklyUsable = weeklyOpenIntervals(hours) !== null;
  const todays = specialEntriesOn(entries, local.date);

  // The timeline: minutes since 1970-01-01 00:00 on London's wall clock, from yesterday to a week ahead.
  const weekly: MinuteRange[] = [];
  const specialDates: MinuteRange[] = [];
  const specialOpen: MinuteRange[] = [];
  for (let day = today - 1; day <= today + LOOKAHEAD_DAYS; day += 1) {
    const start = day * DAY_MINUTES;
    const onDay = specialEntriesOn(entries, dateOfDay(day));
    if (onDay.length) specialDates.push([start, start + DAY_MINUTES]);
    for (const entry of onDay) {
      const range = specialRange(entry);
      if (range) specialOpen.push([start + range[0], start + range[1]]);
    }
    if (!weeklyUsable) continue;
    const text = hours?.[HOURS_WEEKDAYS[weekdayOfDay(day)]]?.trim();
    for (const [from, to] of (text && parseDayHours(text)) || []) weekly.push([start + from, start + to]);
  }
  const inSpecialDate = todays.length > 0;
  const inSpecialOpen = specialOpen.some(([start, end]) => start <= now && now < end);
  if (!weeklyUsable && !inSpecialDate && !inSpecialOpen) return null;
  const dates = mergeRanges(specialDates);
  const intervals = mergeRanges([...withoutRanges(mergeRanges(weekly), dates), ...specialOpen]);
  const weekMinute = (minute: number) => weekdayOfDay(Math.floor(minute / DAY_MINUTES)) * DAY_MINUTES + (minute % DAY_MINUTES);
  const labels = todays.map((entry) => entry.label);
  const current = intervals.find(([start, end]) => start <= now && now < end);
  if (current) {
    // Open all day says no closing time, unless that closing is within CLOSING_SOON_MINUTES (the night before a special date).
    const closingSoon = current[1] - now <= CLOSING_SOON_MINUTES;
    const allDay = current[0] <= today * DAY_MINUTES && current[1] >= (today + 1) * DAY_MINUTES;
    return { open: true, closes: allDay && !closingSoon ? null : weekMinute(current[1]), closingSoon, special: labels };
  }
  // Without usable weekly hours, what follows the special dates is unknown: no next opening is promised.
  const next = intervals.find(([start]) => start > now && (weeklyUsable || specialDates.some(([from, to]) => from <= start && start < to)));
  return {
    open: false,
    opens: next ? weekMinute(next[0]) : null,
    today: !!next && next[0] < (today + 1) * DAY_MINUTES,
    special: labels,
  };
}
