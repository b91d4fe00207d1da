import { useMemo } from 'react';
import { WEEKDAYS, type Weekday } from '@zaytoon/contract/client';
import { useLocale } from './messages';

// Its own module: WEEKDAYS lives with the form limits, which /browse's first chunk leaves to the later screens.
/** A weekday's name in the page language ('Monday' in English), from Intl rather than seven messages per language. */
export function useWeekdayName() {
  const locale = useLocale();
  return useMemo(() => {
    const names = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 1 January 2024 was a Monday, WEEKDAYS' first day.
    return (day: string) => names.format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day as Weekday)));
  }, [locale]);
}
