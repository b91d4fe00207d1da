import { useEffect, useMemo, useState } from 'react';
import { DAY_MINUTES, londonWeekMinute, openingStatus, weeklyOpenIntervals } from '@zaytoon/contract/client';
import { useListMessages, useLocale } from '../i18n/list-messages';

const MINUTE_MS = 60_000;

/** The time now, renewed every minute so that a status line left on screen follows the clock. */
function useClock(): number {
  const [clock, setClock] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

/** 'Open · closes 6 pm', 'Closed · opens Mon 9 am': nothing when the hours are not usable. */
export function OpeningStatus({
  hours,
  now,
  className,
}: {
  hours: Record<string, string | undefined> | null | undefined;
  now?: number;
  className?: string;
}) {
  const t = useListMessages();
  const locale = useLocale();
  const formats = useMemo(() => {
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
  const clock = useClock();
  const status = openingStatus(weeklyOpenIntervals(hours as Record<string, string>), londonWeekMinute(now ?? clock));
  if (!status) return null;
  let text: string;
  if (status.open) text = status.closes === null ? t('hours.open24') : t('hours.openCloses', { time: formats.time(status.closes % DAY_MINUTES) });
  else if (status.opens === null) text = t('hours.closed');
  else if (status.today) text = t('hours.closedOpensToday', { time: formats.time(status.opens) });
  else text = t('hours.closedOpens', { day: formats.day(status.opens), time: formats.time(status.opens) });
  return (
    <p className={className} data-testid="opening-status" data-open={status.open}>
      {text}
    </p>
  );
}
