import { useMemo, useState } from 'react';
import {
  dateOfDay,
  dayNumber,
  londonDateAndMinute,
  minutesOfTime,
  specialEntriesOn,
  weekdayOfDay,
  WEEKDAYS,
  type SpecialHoursEntry,
  type Weekday,
} from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useErrorText, useFieldErrors } from '@zaytoon/web-kit/contract-messages';
import { useLocale, useMessages } from '../../i18n/messages';
import { useHoursFormats } from '../../ui/OpeningStatus';
import forms from '../../ui/forms.module.css';
import { useSetSpecialHours } from './api/use-set-special-hours';
import { draftOf, entryOf, type SpecialHoursDraft } from './special-hours-draft';
import { SpecialHoursFields } from './SpecialHoursFields';
import styles from './SpecialHours.module.css';

/** An entry's hours as the page shows them: 'Closed', or '6 pm – 2 am' in the page's locale. */
export function useSpecialHoursText() {
  const t = useMessages();
  const formats = useHoursFormats();
  return (entry: SpecialHoursEntry) => {
    const opens = minutesOfTime(entry.opens);
    const closes = minutesOfTime(entry.closes);
    if (entry.closed || opens === null || closes === null) return t('detail.closed');
    return `${formats.time(opens)} – ${formats.time(closes)}`;
  };
}

/**
 * The special entries of each weekday of the coming seven days (today first), by the browser's clock on London's
 * calendar: the week view shows them in place of the weekly hours.
 */
export function useComingSpecialDays(special: readonly SpecialHoursEntry[], now: number): Partial<Record<Weekday, SpecialHoursEntry[]>> {
  return useMemo(() => {
    const today = dayNumber(londonDateAndMinute(now).date);
    const days: Partial<Record<Weekday, SpecialHoursEntry[]>> = {};
    for (let day = today; day < today + 7; day += 1) {
      const entries = specialEntriesOn(special, dateOfDay(day));
      if (entries.length) days[WEEKDAYS[weekdayOfDay(day)]] = entries;
    }
    return days;
  }, [special, now]);
}

/** The business page's 'Special hours': the entries not yet over, and, for its owner and admins, their editor. */
export function SpecialHoursSection({
  businessId,
  special,
  canEdit,
  now,
}: {
  businessId: number;
  special: readonly SpecialHoursEntry[];
  canEdit: boolean;
  now: number;
}) {
  const t = useMessages();
  const locale = useLocale();
  const hoursText = useSpecialHoursText();
  const [editing, setEditing] = useState(false);
  const today = londonDateAndMinute(now).date;
  const coming = special.filter((entry) => entry.last_date >= today);
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }), [locale]);
  const datesText = (entry: SpecialHoursEntry) =>
    entry.first_date === entry.last_date
      ? dates.format(Date.parse(entry.first_date))
      : dates.formatRange(Date.parse(entry.first_date), Date.parse(entry.last_date));

  if (coming.length === 0 && !canEdit) return null;
  return (
    <section data-testid="special-hours" aria-labelledby={`special-hours-${businessId}`}>
      <h3 className={styles.title} id={`special-hours-${businessId}`}>
        {t('specialHours.title')}
      </h3>
      {coming.length > 0 ? (
        <ul className={styles.list}>
          {coming.map((entry, index) => (
            <li key={index} data-testid="special-hours-item">
              <span dir="auto" className={styles.special}>
                {entry.label}
              </span>
              {' · '}
              {datesText(entry)}
              {' · '}
              {hoursText(entry)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('specialHours.none')}</p>
      )}
      {canEdit &&
        (editing ? (
          <SpecialHoursEditor businessId={businessId} special={special} onDone={() => setEditing(false)} />
        ) : (
          <p>
            <button type="button" className="btn btn--outline" onClick={() => setEditing(true)}>
              {t('specialHours.edit')}
            </button>
          </p>
        ))}
    </section>
  );
}

function SpecialHoursEditor({ businessId, special, onDone }: { businessId: number; special: readonly SpecialHoursEntry[]; onDone: () => void }) {
  const t = useMessages();
  const { toast } = useHost();
  const errorText = useErrorText();
  const [drafts, setDrafts] = useState<SpecialHoursDraft[]>(() => special.map(draftOf));
  const saving = useSetSpecialHours(businessId);
  const errors = useFieldErrors(saving.error);
  return (
    <form
      className={forms.form}
      data-testid="special-hours-form"
      onSubmit={(event) => {
        event.preventDefault();
        saving.mutate(
          { special_hours: drafts.map(entryOf) },
          {
            onSuccess: () => {
              toast.success(t('specialHours.saved'));
              onDone();
            },
            onError: (error) => toast.error(errorText(error, 'updateBusinessFailed')),
          },
        );
      }}
    >
      <SpecialHoursFields drafts={drafts} onChange={setDrafts} errors={errors} errorPrefix="special_hours" />
      <div className={forms.actions}>
        <button type="button" className="btn btn--outline" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving.isPending} aria-busy={saving.isPending}>
          {t('specialHours.save')}
        </button>
      </div>
    </form>
  );
}
