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
