import { LIMITS } from '@zaytoon/contract/client';
import { useMessages } from '../../i18n/messages';
import { TextField } from '../../ui/Field';
import { emptySpecialHoursDraft, type SpecialHoursDraft } from './special-hours-draft';
import shared from '../../ui/page.module.css';
import styles from './SpecialHours.module.css';

/**
 * The entries of special hours as inputs: a label, the first and last dates, 'Closed all day' or the opening and
 * closing times. `errors` are the API's, by `<errorPrefix>.<index>.<field>`.
 */
export function SpecialHoursFields({
  drafts,
  onChange,
  errors = {},
  errorPrefix,
}: {
  drafts: SpecialHoursDraft[];
  onChange: (drafts: SpecialHoursDraft[]) => void;
  errors?: Record<string, string>;
  errorPrefix: string;
}) {
  const t = useMessages();
  const update = (index: number, change: Partial<SpecialHoursDraft>) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  const errorOf = (index: number, field: keyof SpecialHoursDraft) => errors[`${errorPrefix}.${index}.${field}`];
  return (
    <div className={styles.entries} data-testid="special-hours-fields">
      {errors[errorPrefix] && <p className={shared.error}>{errors[errorPrefix]}</p>}
      {drafts.map((draft, index) => (
        <fieldset key={index} className={styles.entry} data-testid="special-hours-entry">
          <legend dir={draft.label.trim() ? 'auto' : undefined}>{draft.label.trim() || t('specialHours.entry', { n: index + 1 })}</legend>
          <TextField
            label={t('specialHours.label')}
            value={draft.label}
            maxLength={LIMITS.specialHoursLabelMaxLength}
            placeholder={t('specialHours.labelPlaceholder')}
            error={errorOf(index, 'label')}
            onChange={(event) => update(index, { label: event.target.value })}
            required
          />
          <div className={styles.pair}>
            <TextField
              type="date"
              label={t('specialHours.firstDate')}
              value={draft.first_date}
              error={errorOf(index, 'first_date')}
              onChange={(event) => update(index, { first_date: event.target.value })}
              required
            />
            <TextField
              type="date"
              label={t('specialHours.lastDate')}
              value={draft.last_date}
              min={draft.first_date || undefined}
              error={errorOf(index, 'last_date')}
              onChange={(event) => update(index, { last_date: event.target.value })}
            />
          </div>
          <label className={styles.check}>
            <input type="checkbox" checked={draft.closed} onChange={(event) => update(index, { closed: event.target.checked })} />{' '}
            {t('specialHours.closedAllDay')}
          </label>
          {!draft.closed && (
            <div className={styles.pair}>
              <TextField
                type="time"
                label={t('specialHours.opens')}
                value={draft.opens}
                error={errorOf(index, 'opens')}
                onChange={(event) => update(index, { opens: event.target.value })}
                required
              />
              <TextField
                type="time"
                label={t('specialHours.closes')}
                value={draft.closes}
                hint={t('specialHours.pastMidnight')}
                error={errorOf(index, 'closes')}
                onChange={(event) => update(index, { closes: event.target.value })}
                required
              />
            </div>
          )}
          <div>
            <button type="button" className="btn btn--outline" onClick={() => onChange(drafts.filter((_, at) => at !== index))}>
              {t('specialHours.remove')}
            </button>
          </div>
        </fieldset>
      ))}
      <div>
        <button
          type="button"
          className="btn btn--outline"
          disabled={drafts.length >= LIMITS.specialHoursMaxEntries}
          onClick={() => onChange([...drafts, emptySpecialHoursDraft()])}
        >
          {t('specialHours.add')}
        </button>
      </div>
    </div>
  );
}
