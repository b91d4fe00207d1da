/** The ways the pages write a date. A day stored without a time ('2024-03-05') is read as that day in UTC. */
const DATE_STYLES = {
  /** 05/03/2024 in en-GB: the day where the visitor is. */
  numeric: {},
  /** 5 March 2024 */
  dayMonthYear: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  /** March 2024 */
  monthYear: { month: 'long', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateStyle = keyof typeof DATE_STYLES;

// One formatter per style and language, made when first needed. Making one is the page's slowest single call (the
// first loads the language's calendar data), where `format` takes microseconds;
// `toLocaleDateString(locale, options)` made a new one for every date on the screen.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatIn(style: DateStyle, value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${style} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** A date in `locale`'s way: en-GB by default, e.g. 05/03/2024. Nothing for a missing or broken one. */
export const formatDate = (value: string | null | undefined, locale = 'en-GB') => formatIn('numeric', value, locale);

/** '5 March 2024' in `locale`'s words. */
export const formatDayMonthYear = (value: string | null | undefined, locale: string) => formatIn('dayMonthYear', value, locale);

/** 'March 2024' in `locale`'s words. */
export const formatMonthYear = (value: string | null | undefined, locale: string) => formatIn('monthYear', value, locale);
