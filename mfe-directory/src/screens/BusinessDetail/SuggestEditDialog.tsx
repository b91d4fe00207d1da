import { useState } from 'react';
import {
  LIMITS,
  SOCIAL_NETWORKS,
  SUGGESTABLE_FIELDS,
  WEEKDAYS,
  type Business,
  type SocialNetwork,
  type SuggestableField,
} from '@zaytoon/contract/client';
import { useAddSuggestion } from '../../features/business/api/use-suggest-and-report';
import { SourceFields } from '../../features/business/sources/SourceFields';
import { BrandFilter } from '../../features/brands/BrandFilter';
import { emptySourceDraft } from '../../features/business/sources/sourceDraft';
import { BUSINESS_FIELD_MAX_LENGTH, isLongText } from '../../features/business/fieldLimits';
import { SOCIAL_LABELS, useMessages } from '../../i18n/messages';
import { useWeekdayName } from '../../i18n/weekdays';
import { Field, SelectField, TextField } from '../../ui/Field';
import { DialogNoteField, MemberDialogForm } from './MemberDialogForm';
import { SpecialHoursFields } from '../../features/special-hours/SpecialHoursFields';
import { draftOf, entryOf } from '../../features/special-hours/special-hours-draft';
import { currentValue, encodeObjectValue, encodeSourceValue, JSON_FIELDS } from './suggestionValue';
import shared from '../../ui/page.module.css';
import suggest from './SuggestEditDialog.module.css';
import { useContractLabels, useContractMessages, useFieldErrors } from '@zaytoon/web-kit/contract-messages';

/** 'Suggest Edit' dialog: field and value required (submit disabled until both), reason optional. */
export function SuggestEditDialog({ business, onClose }: { business: Business; onClose: () => void }) {
  const [field, setField] = useState<SuggestableField | ''>('');
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<Record<string, string>>({});
  const [source, setSource] = useState(emptySourceDraft);
  // Special hours are suggested as the whole list: the business's own entries to change, remove or add to.
  const [specialDrafts, setSpecialDrafts] = useState(() => (business.special_hours ?? []).map(draftOf));
  const [reason, setReason] = useState('');
  const suggesting = useAddSuggestion(business.id);
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();
  const weekdayName = useWeekdayName();

  const suggested =
    field === 'proof_of_support'
      ? encodeSourceValue(source)
      : field === 'special_hours'
        ? specialDrafts.length
          ? JSON.stringify(specialDrafts.map(entryOf))
          : ''
        : field && JSON_FIELDS.has(field)
          ? encodeObjectValue(field as 'business_hours' | 'social_media', entries)
          : value.trim();
  const fieldErrors = useFieldErrors(suggesting.error);
  const sourceErrors = field === 'proof_of_support' ? suggestedSourceErrors(fieldErrors) : undefined;

  const keys: readonly string[] = field === 'business_hours' ? WEEKDAYS : field === 'social_media' ? SOCIAL_NETWORKS : [];
  const entryMax = field === 'business_hours' ? BUSINESS_FIELD_MAX_LENGTH.hours : LIMITS.socialLinkMaxLength;
  const valueMax = field && !JSON_FIELDS.has(field) ? BUSINESS_FIELD_MAX_LENGTH[field as keyof typeof BUSINESS_FIELD_MAX_LENGTH] : 0;

  return (
    <MemberDialogForm
      title={t('detail.suggest')}
      testId="suggest-form"
      input={field && suggested ? { field_name: field, suggested_value: suggested, reason: reason.trim() } : null}
      mutation={suggesting}
      loginMessage={message('loginToSuggest')}
      submitLabel={t('suggest.submit')}
      submitClassName="btn btn--primary"
      onClose={onClose}
    >
      <SelectField
        label={t('suggest.field')}
        value={field}
        onChange={(event) => {
          setField(event.target.value as SuggestableField | '');
          setValue('');
          setEntries({});
          setSource(emptySourceDraft());
        }}
        required
      >
        <option value="">{t('suggest.selectField')}</option>
        {SUGGESTABLE_FIELDS.map((name) => (
          <option key={name} value={name}>
            {label('field', name)}
          </option>
        ))}
      </SelectField>
      {field && (
        <p className={shared.hint} data-testid="current-value">
          {t('suggest.current', { value: currentValue(business, field) || t('suggest.notSet') })}
        </p>
      )}
      {field === 'special_hours' ? (
        <fieldset className={suggest.fieldset}>
          <legend>{label('field', field)}</legend>
          <SpecialHoursFields drafts={specialDrafts} onChange={setSpecialDrafts} errors={fieldErrors} errorPrefix="suggested_value" />
        </fieldset>
      ) : field === 'alternative_to' ? (
        <BrandFilter value={value} onChoose={setValue} />
      ) : field === 'proof_of_support' ? (
        <fieldset className={suggest.fieldset}>
          <legend>{t('suggest.source')}</legend>
          <SourceFields source={source} onChange={setSource} errors={sourceErrors} />
        </fieldset>
      ) : field && JSON_FIELDS.has(field) ? (
        <fieldset className={suggest.fieldset}>
          <legend>{t('suggest.entries', { field: label('field', field).toLowerCase() })}</legend>
          {keys.map((key) => (
            <TextField
              key={key}
              label={SOCIAL_LABELS[key as SocialNetwork] ?? weekdayName(key)}
              value={entries[key] ?? ''}
              maxLength={entryMax}
              placeholder={t(field === 'business_hours' ? 'form.hoursPlaceholder' : 'form.handlePlaceholder')}
              onChange={(event) => setEntries((current) => ({ ...current, [key]: event.target.value }))}
            />
          ))}
        </fieldset>
      ) : field ? (
        <Field label={t('suggest.value')} count={isLongText(valueMax) ? { length: value.length, max: valueMax } : undefined}>
          {(control) =>
            isLongText(valueMax) ? (
              <textarea {...control} value={value} maxLength={valueMax} onChange={(event) => setValue(event.target.value)} required />
            ) : (
              <input
                {...control}
                type={field === 'website' ? 'url' : field === 'phone' ? 'tel' : 'text'}
                value={value}
                maxLength={valueMax}
                onChange={(event) => setValue(event.target.value)}
                required
              />
            )
          }
        </Field>
      ) : null}
      <DialogNoteField label={t('suggest.reason')} placeholder={t('suggest.reasonPlaceholder')} value={reason} onChange={setReason} />
    </MemberDialogForm>
  );
}

/** The API names a suggested source's fields `suggested_value.kind` and so on. */
function suggestedSourceErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([key, text]) => (key.startsWith('suggested_value.') ? [[key.slice(16), text]] : [])));
}
