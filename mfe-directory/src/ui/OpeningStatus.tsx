import { useEffect, useMemo, useState } from 'react';
import { DAY_MINUTES, openingStatusAt, type SpecialHoursEntry } from '@zaytoon/contract/client';
import { useListMessages, useLocale } from '../i18n/list-messages';

const MINUTE_MS = 60_000;

/** The time now, renewed every minute so that a status line left on screen follows the clock. */
export function useClock(): number {
  const [clock, setClock] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

/** Times and day names of minutes of the week, in the page's locale. */
export function useHoursFormats() {
  const locale = useLocale();
  return useMemo(() => {
    // English reads '6 pm' and '5:30 pm' (en-GB, 12-hour); other languages take their own clock.
    const twelve = locale === 'en-GB' ? { hour12: true } : {};
    const onTheHour = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC', ...twelve });
    const withMinutes = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC', ...twelve });
    const day = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    // 1 January 2024 was a Monday: minute 0 of the week.
    const instant = (weekMinute: number) => Date.UTC(2024, 0, 1, 0, weekMinute);
    return {
      time: (weekMinute: number) => (weekMinute % 60 ? withMinutes : onTheHour).format(instant(weekMinute)),
      day: (weekMinute: number) => day.format(instant(weekMinute)),
    };
  }, [locale]);
}

/**
 * 'Open · closes 6 pm', 'Closing soon · closes 6 pm', 'Closed · opens Mon 9 am', with a special date's label after
 * it: nothing when the hours are not usable. The clock is the browser's (a test's injected one too).
 */
export function OpeningStatus({
  hours,
  special,
  now,
  className,
}: {
  hours: Record<string, string | undefined> | null | undefined;
  special?: readonly SpecialHoursEntry[] | null;
  now?: number;
  className?: string;
}) {
  const t = useListMessages();
  const formats = useHoursFormats();
  const clock = useClock();
  const status = openingStatusAt(hours as Record<string, string>, special, now ?? clock);
  if (!status) return null;
  let text: string;
  if (status.open && status.closingSoon && status.closes !== null) text = t('hours.closingSoon', { time: formats.time(status.closes % DAY_MINUTES) });
  else if (status.open)
    text = status.closes === null ? t('hours.open24') : t('hours.openCloses', { time: formats.time(status.closes % DAY_MINUTES) });
  else if (status.opens === null) text = t('hours.closed');
  else if (status.today) text = t('hours.closedOpensToday', { time: formats.time(status.opens) });
  else text = t('hours.closedOpens', { day: formats.day(status.opens), time: formats.time(status.opens) });
  return (
    <p className={className} data-testid="opening-status" data-open={status.open} data-closing-soon={status.open && status.closingSoon}>
      {text}
      {status.special.length > 0 && (
        <>
          {' · '}
          <span dir="auto" data-testid="opening-status-special">
            {status.special.join(', ')}
          </span>
        </>
      )}
    </p>
  );
}
